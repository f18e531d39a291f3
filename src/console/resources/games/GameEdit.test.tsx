import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NotificationProvider } from '@/lib/notifications';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { epochToLocalInput } from '@/console/inputs/epoch';
import { GameCreate } from './GameCreate';
import { GameEdit } from './GameEdit';

const game = buildGame({ title: 'Spring CTF', divisions: ['Open'], inviteCode: 'join' });
const path = `/api/edit/games/${game.id}`;

// The page's downloads notify through the shell's notifications (App.tsx provides them).
const renderEdit = () =>
  renderConsole(
    <NotificationProvider>
      <GameEdit />
    </NotificationProvider>,
    {
      route: `/games/${game.id}`,
      path: '/games/:id',
      resource: 'games',
    },
  );

describe('GameEdit', () => {
  beforeEach(() => {
    fakeApi.on('GET', path, 200, game);
  });

  it('shows every setting and saves the whole model, the blood bonus packed', async () => {
    fakeApi.on('PUT', path, 200, game);
    renderEdit();
    expect(await screen.findByDisplayValue('Spring CTF')).toBeTruthy();
    expect(screen.getByDisplayValue('Open')).toBeTruthy();
    expect(screen.getByDisplayValue('join')).toBeTruthy();
    // the challenges are one tab away (no second way in the toolbar)
    expect(screen.getByRole('tab', { name: 'Challenges' }).getAttribute('href')).toBe(
      `/games/${game.id}/challenges`,
    );
    expect(screen.queryByRole('link', { name: 'Challenges' })).toBeNull();
    // and the game's pages outside the console are beside the tabs
    expect(screen.getByRole('link', { name: 'Monitor' }).getAttribute('href')).toBe(
      `/games/${game.id}/monitor/events`,
    );
    expect(screen.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(
      `/games/${game.id}`,
    );
    fireEvent.change(screen.getByLabelText('First blood'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'Autumn CTF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
    expect(fakeApi.requests('PUT', path)[0].body).toMatchObject({
      title: 'Autumn CTF',
      start: game.start,
      end: game.end,
      divisions: ['Open'],
      bloodBonus: 100 * 2 ** 20 + 30 * 2 ** 10 + 10,
    });
  });

  it('adds a division with a named button and confirms the save in its own words', async () => {
    fakeApi.on('PUT', path, 200, { ...game, divisions: ['Open', 'Students'] });
    renderEdit();
    await screen.findByDisplayValue('Open');
    // not a bare "+" named "Add": it says what it adds
    fireEvent.click(screen.getByRole('button', { name: 'Add a division' }));
    const divisions = await screen.findAllByRole('textbox', { name: 'Division' });
    expect(divisions).toHaveLength(2);
    fireEvent.change(divisions[1], { target: { value: 'Students' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // react-admin's own toast was "Element updated"
    expect(await screen.findByText('Game saved')).toBeTruthy();
    expect(fakeApi.requests('PUT', path)[0].body).toMatchObject({
      divisions: ['Open', 'Students'],
    });
  });

  it('previews the Markdown description', async () => {
    renderEdit();
    fireEvent.change(await screen.findByLabelText('Description (Markdown)'), {
      target: { value: '# Rules\n\nBe **nice**' },
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(preview.querySelector('h1')?.textContent).toBe('Rules');
    expect(preview.querySelector('strong')?.textContent).toBe('nice');
  });

  it('uploads a chosen poster after showing it', async () => {
    fakeApi.on('PUT', `${path}/poster`, 200, `/assets/${'b'.repeat(64)}/poster`);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { container } = renderEdit();
    await screen.findByDisplayValue('Spring CTF');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'p.png', { type: 'image/png' })] },
    });
    expect(screen.getByAltText('Preview of the new poster').getAttribute('src')).toBe(
      'blob:preview',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The poster was updated')).toBeTruthy();
    expect(fakeApi.requests('PUT', `${path}/poster`)).toHaveLength(1);
  });

  it('deletes only after confirmation', async () => {
    fakeApi.on('DELETE', path, 200);
    renderEdit();
    await screen.findByDisplayValue('Spring CTF');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE', path)).toHaveLength(1));
  });

  it('sets the play mode, saying it cannot change once anyone registered', async () => {
    fakeApi.on('PUT', path, 200, { ...game, playMode: 'Individual' });
    renderEdit();
    await screen.findByDisplayValue('Spring CTF');
    // a game read before the setting existed shows the default
    const mode = screen.getByRole('combobox', { name: /^Play mode/ });
    expect(mode.textContent).toBe('Teams');
    expect(screen.getByText(/It cannot change once anyone has registered\./)).toBeTruthy();
    fireEvent.mouseDown(mode);
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByRole('option', {
        name: 'Individual (players alone)',
      }),
    );
    // the member limit steps aside in individual play, and says so
    expect(await screen.findByText('Not used in individual play')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
    expect(fakeApi.requests('PUT', path)[0].body).toMatchObject({ playMode: 'Individual' });
  });

  it("shows the server's refusal to change the play mode after registrations", async () => {
    fakeApi.on(
      'PUT',
      path,
      400,
      problem(400, 'The play mode cannot change once anyone has registered'),
    );
    fakeApi.on('GET', path, 200, { ...game, playMode: 'Individual' });
    renderEdit();
    await screen.findByDisplayValue('Spring CTF');
    expect(screen.getByRole('combobox', { name: /^Play mode/ }).textContent).toBe(
      'Individual (players alone)',
    );
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The play mode cannot change once anyone has registered'),
    ).toBeTruthy();
  });

  it("shows a refused save's title", async () => {
    fakeApi.on('PUT', path, 400, problem(400, 'Invite code too long'));
    renderEdit();
    fireEvent.change(await screen.findByLabelText(/^Title/), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invite code too long')).toBeTruthy();
  });
});

describe('GameCreate', () => {
  it('starts from the spec defaults and opens the new game', async () => {
    fakeApi.on('POST', '/api/edit/games', 200, buildGame({ id: 42, title: 'New' }));
    fakeApi.on('GET', '/api/edit/games/42', 200, buildGame({ id: 42, title: 'New' }));
    renderConsole(<GameCreate />, {
      route: '/games/create',
      path: '/games/create',
      resource: 'games',
    });
    expect(screen.getByLabelText('Container limit per team *')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('First blood')).toHaveProperty('value', '5');
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('POST', '/api/edit/games')).toHaveLength(1));
    const { body } = fakeApi.requests('POST', '/api/edit/games')[0] as {
      body: Record<string, unknown>;
    };
    expect(body).toMatchObject({ title: 'New', practiceMode: true, bloodBonus: 52_459_530 });
    expect(typeof body.start).toBe('number');
    expect(body.end as number).toBeGreaterThan(body.start as number);
    expect((await screen.findByTestId('location')).textContent).toBe('/games/42');
  });

  it('starts now, hidden, with Title marked required and no deadline needed without writeups', async () => {
    fakeApi.on('POST', '/api/edit/games', 200, buildGame({ id: 42, title: 'New' }));
    fakeApi.on('GET', '/api/edit/games/42', 200, buildGame({ id: 42, title: 'New' }));
    const before = Date.now();
    renderConsole(<GameCreate />, {
      route: '/games/create',
      path: '/games/create',
      resource: 'games',
    });
    expect(screen.getByLabelText('Title *')).toBeTruthy();
    expect(screen.getByLabelText(/^Writeup deadline$/)).toBeTruthy();
    expect(screen.getByText('Only used while writeups are required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('POST', '/api/edit/games')).toHaveLength(1));
    const { body } = fakeApi.requests('POST', '/api/edit/games')[0] as {
      body: Record<string, unknown>;
    };
    expect(body.hidden).toBe(true);
    expect(Math.abs((body.start as number) - before)).toBeLessThan(2 * 60_000);
  });

  it('asks for the writeup deadline once writeups are required', async () => {
    renderConsole(<GameCreate />, {
      route: '/games/create',
      path: '/games/create',
      resource: 'games',
    });
    fireEvent.click(screen.getByLabelText(/^Writeups required/));
    expect(await screen.findByLabelText('Writeup deadline *')).toBeTruthy();
  });

  it('edits the optional scoreboard freeze within the game', async () => {
    fakeApi.on('GET', path, 200, game);
    fakeApi.on('PUT', path, 200, game);
    renderEdit();
    await screen.findByDisplayValue('Spring CTF');
    const freeze = screen.getByLabelText('Scoreboard freeze');
    expect(screen.getByText(/players see the board as it stood then/)).toBeTruthy();
    // every date field says in which zone it is typed (issue 23): start, end, freeze, deadline
    expect(screen.getAllByText(/^Times in UTC.*, your browser's time zone\.$/)).toHaveLength(4);
    expect((freeze as HTMLInputElement).value).toBe('');

    fireEvent.change(freeze, { target: { value: epochToLocalInput(game.end + 3_600_000) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The freeze must fall between the start and the end'),
    ).toBeTruthy();
    expect(fakeApi.requests('PUT', path)).toHaveLength(0);

    const inside = game.end - 3_600_000;
    fireEvent.change(freeze, { target: { value: epochToLocalInput(inside) } });
    await waitFor(() =>
      expect(screen.queryByText('The freeze must fall between the start and the end')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1), { timeout: 5_000 });
    expect(fakeApi.requests('PUT', path)[0].body).toMatchObject({ freezeTime: inside });
  });

  it('downloads the CTFtime feed of the game', async () => {
    fakeApi.on('GET', path, 200, game);
    const feed = `/api/game/${game.id}/scoreboard/ctftime`;
    fakeApi.on('GET', feed, {
      status: 200,
      body: '{"standings":[]}',
      headers: { 'Content-Type': 'application/json' },
    });
    URL.createObjectURL = vi.fn(() => 'blob:feed');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderEdit();
    await screen.findByDisplayValue('Spring CTF');
    fireEvent.click(screen.getByRole('button', { name: 'CTFtime feed' }));
    await waitFor(() => expect(saved).toEqual([`ctftime-${game.id}.json`]));
    expect(fakeApi.requests('GET', feed)).toHaveLength(1);
    click.mockRestore();
  });
});
