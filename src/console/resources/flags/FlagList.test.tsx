import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildChallenge } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { FlagList } from './FlagList';

const path = '/api/edit/games/3/challenges/5';
const flags = [
  { id: 1, flag: 'flag{first}', attachment: null, occupied: false, matchMode: 'Exact' as const },
  { id: 2, flag: 'flag{second}', attachment: null, occupied: false, matchMode: 'Exact' as const },
];

const renderFlags = () =>
  renderConsole(<FlagList />, { route: '/games/3/challenges/5/flags', path: FlagList.path });

describe('FlagList', () => {
  it('lists the flags and adds many, one per line', async () => {
    let stored = flags;
    fakeApi.on('GET', path, () => ({
      status: 200,
      body: buildChallenge({ id: 5, flags: stored }),
    }));
    fakeApi.on('POST', `${path}/flags`, () => {
      stored = [
        ...flags,
        {
          id: 3,
          flag: 'flag{third}',
          attachment: null,
          occupied: false,
          matchMode: 'Exact' as const,
        },
      ];
      return { status: 200 };
    });
    renderFlags();
    expect(await screen.findByText('flag{first}')).toBeTruthy();
    // under the game's tab bar, on its Challenges tab
    expect(screen.getByRole('tab', { name: 'Challenges' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByText('flag{second}')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Flags'), { target: { value: 'flag{third}\n\n x \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 flags' }));
    expect(await screen.findByText('2 flags added')).toBeTruthy();
    expect(fakeApi.requests('POST')[0].body).toEqual([{ flag: 'flag{third}' }, { flag: 'x' }]);
    expect(await screen.findByText('flag{third}')).toBeTruthy();
  });

  it('deletes a flag after confirmation', async () => {
    let stored = flags;
    fakeApi.on('GET', path, () => ({
      status: 200,
      body: buildChallenge({ id: 5, flags: stored }),
    }));
    fakeApi.on('DELETE', `${path}/flags/1`, () => {
      stored = flags.slice(1);
      return { status: 200, body: 'Success' };
    });
    renderFlags();
    await screen.findByText('flag{first}');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE', `${path}/flags/1`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('flag{first}')).toBeNull());
  });

  it('shows the template of a dynamic container instead of flags', async () => {
    fakeApi.on(
      'GET',
      path,
      200,
      buildChallenge({ id: 5, type: 'DynamicContainer', flagTemplate: 'flag{[TEAM_HASH]}' }),
    );
    renderFlags();
    expect(await screen.findByText('flag{[TEAM_HASH]}')).toBeTruthy();
    expect(screen.queryByLabelText('Flags')).toBeNull();
  });

  it('says so when there is no flag yet', async () => {
    fakeApi.on('GET', path, 200, buildChallenge({ id: 5 }));
    renderFlags();
    expect(await screen.findByText(/No flags yet/)).toBeTruthy();
  });

  it('shows a loading placeholder, then the flags', async () => {
    const release = fakeApi.hold('GET', path, 200, buildChallenge({ id: 5, flags }));
    const { container } = renderFlags();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    release();
    expect(await screen.findByText('flag{first}')).toBeTruthy();
  });

  it("shows the server's error", async () => {
    fakeApi.on('GET', path, 404, problem(404, 'The challenge was not found'));
    renderFlags();
    // a refusal is not retried: it shows at once
    expect(await screen.findByText('The challenge was not found')).toBeTruthy();
  });

  it('adds flags with a match mode and lists the mode of each flag', async () => {
    fakeApi.on('GET', path, () => ({
      status: 200,
      body: buildChallenge({
        id: 5,
        flags: [
          ...flags,
          { id: 3, flag: 'flag\\{\\d+\\}', attachment: null, occupied: false, matchMode: 'Regex' },
        ],
      }),
    }));
    fakeApi.on('POST', `${path}/flags`, 200);
    renderFlags();
    expect(await screen.findByText('flag\\{\\d+\\}')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByText('Exact')).toHaveLength(2);
    expect(screen.getByText('Regular expression')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Flags'), { target: { value: '(?i)ctf\\{.+\\}' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Match mode' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Regular expression' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add 1 flag' }));
    await waitFor(() => expect(fakeApi.requests('POST')).toHaveLength(1));
    expect(fakeApi.requests('POST')[0].body).toEqual([
      { flag: '(?i)ctf\\{.+\\}', matchMode: 'Regex' },
    ]);
  });

  it('tries an answer against the stored flags, or the typed ones, and shows each verdict', async () => {
    fakeApi.on('GET', path, 200, buildChallenge({ id: 5, flags }));
    fakeApi.on('POST', `${path}/flags/try`, (request) => {
      const body = request.body as { answer: string; flags?: { flag: string }[] };
      return body.flags
        ? {
            status: 200,
            body: {
              answer: body.answer,
              accepted: false,
              flags: [
                {
                  id: null,
                  flag: body.flags[0].flag,
                  matchMode: 'Regex',
                  matches: false,
                  problem: 'error parsing regexp: missing closing ): `(a`',
                },
              ],
            },
          }
        : {
            status: 200,
            body: {
              answer: body.answer,
              accepted: true,
              flags: [
                { id: 1, flag: 'flag{first}', matchMode: 'Exact', matches: true, problem: null },
                { id: 2, flag: 'flag{second}', matchMode: 'Exact', matches: false, problem: null },
              ],
            },
          };
    });
    renderFlags();
    await screen.findByText('flag{first}');
    fireEvent.change(screen.getByLabelText('Answer'), { target: { value: 'flag{first}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByText('A submission of this answer would be accepted.')).toBeTruthy();
    expect(fakeApi.requests('POST', `${path}/flags/try`)[0].body).toEqual({
      answer: 'flag{first}',
    });
    expect(screen.getByText('Exact · matches')).toBeTruthy();
    expect(screen.getByText('Exact · does not match')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Flags'), { target: { value: '(a' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Try the 1 flag typed above instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Try' }));
    expect(await screen.findByText(/Cannot be used: error parsing regexp/)).toBeTruthy();
    expect(screen.getByText('No flag accepts this answer.')).toBeTruthy();
    expect(fakeApi.requests('POST', `${path}/flags/try`)[1].body).toEqual({
      answer: 'flag{first}',
      flags: [{ flag: '(a', matchMode: 'Exact' }],
    });
  });
});
