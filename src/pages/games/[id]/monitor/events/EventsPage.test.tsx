import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGameEvent } from '@/test/builders';
import { fakeHubs } from '@/test/fakeHub';
import {
  GAME_ID,
  HUB_URL,
  monitorHub,
  renderMonitor,
  startMonitoring,
} from '@/pages/games/[id]/monitor/monitorTestKit';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const path = `/api/game/${GAME_ID}/events`;
const render = () => renderMonitor(`/games/${GAME_ID}/monitor/events`);
const table = () => within(screen.getByRole('table', { name: 'Game events' }));
const bodyRows = () => table().getAllByRole('row').slice(1);
const lastQuery = () => Object.fromEntries(fakeApi.requests('GET', path).at(-1)!.query);

describe('EventsPage', () => {
  beforeEach(() => startMonitoring());

  it('shows skeleton rows while loading, then the events', async () => {
    const release = fakeApi.hold('GET', path, 200, [buildGameEvent({ team: 'Team Z' })]);
    render();
    const events = await screen.findByRole('table', { name: 'Game events' });
    expect(events.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('Team Z')).toBeTruthy();
    expect(lastQuery()).toEqual({ count: '51', skip: '0' });
  });

  it('says when there are no events', async () => {
    fakeApi.on('GET', path, 200, []);
    render();
    expect(await screen.findByText('No events yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Go to the older page' })).toBeNull();
  });

  it('shows each kind of event with its challenge and outcome', async () => {
    fakeApi.on('GET', path, 200, [
      buildGameEvent({ values: ['Accepted', 'flag{yes}', 'Web 1', '11'], user: 'bob' }),
      buildGameEvent({ values: ['WrongAnswer', 'flag{no}', 'Web 1', '11'] }),
      buildGameEvent({ type: 'ContainerStart', values: ['12', 'Pwn 1'] }),
      buildGameEvent({ type: 'ContainerDestroy', values: ['12', 'Pwn 1'] }),
      buildGameEvent({ type: 'CheatDetected', values: ['Pwn 1', 'Team A', 'Team B'] }),
    ]);
    render();
    await screen.findByText('flag{yes}');
    const cells = bodyRows().map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1)
        .map((cell) => cell.textContent),
    );
    expect(cells).toEqual([
      ['Team A', 'bob', 'Web 1', 'Acceptedflag{yes}'],
      ['Team A', 'alice', 'Web 1', 'Wrong answerflag{no}'],
      ['Team A', 'alice', 'Pwn 1', 'Container started'],
      ['Team A', 'alice', 'Pwn 1', 'Container destroyed'],
      ['Team A', 'alice', 'Pwn 1', 'Cheat detectedsubmitted the flag of Team B'],
    ]);
    const time = bodyRows()[0].querySelector('time')!;
    expect(time.getAttribute('dateTime')).toMatch(/^2027-01-15T08:0\d:\d\d/);
  });

  it("shows the server's refusal, and reads again on retry", async () => {
    fakeApi.on('GET', path, 400, problem(400, 'The game has not started'));
    render();
    expect(await screen.findByText('The events could not be loaded')).toBeTruthy();
    expect(screen.getByText('The game has not started')).toBeTruthy();
    fakeApi.on('GET', path, 200, [buildGameEvent({ team: 'Team Q' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Team Q')).toBeTruthy();
  });

  it('hides container events on request', async () => {
    fakeApi.on('GET', path, 200, []);
    render();
    await screen.findByText('No events yet.');
    fireEvent.click(screen.getByRole('switch', { name: 'Hide container events' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ count: '51', skip: '0', hideContainer: 'true' }),
    );
  });

  it('pages through older events', async () => {
    const first = Array.from({ length: 51 }, () => buildGameEvent());
    fakeApi.on('GET', path, ({ query }) => ({
      status: 200,
      body: query.get('skip') === '0' ? first : [buildGameEvent({ team: 'Old team' })],
    }));
    render();
    expect(await screen.findByText('1–50 of more than 50')).toBeTruthy();
    expect(bodyRows()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Go to the older page' }));
    expect(await screen.findByText('Old team')).toBeTruthy();
    expect(lastQuery()).toEqual({ count: '51', skip: '50' });
    expect(screen.getByText('51–51 of 51')).toBeTruthy();
    const older = screen.getByRole('button', { name: 'Go to the older page' }) as HTMLButtonElement;
    expect(older.disabled).toBe(true);
  });

  it('puts live events on top, as long as they match the filter', async () => {
    fakeApi.on('GET', path, 200, [buildGameEvent({ team: 'Team Old' })]);
    render();
    await screen.findByText('Team Old');
    await waitFor(() => expect(screen.getByText('Live')).toBeTruthy());
    expect(fakeHubs.last()).toBe(fakeHubs.last(HUB_URL));
    monitorHub().push('ReceivedGameEvent', {
      ...buildGameEvent({ team: 'Team New' }),
      time: '2027-01-15T08:30:00.0000000+00:00',
    });
    await waitFor(() => expect(within(bodyRows()[0]).queryByText('Team New')).not.toBeNull());
    expect(bodyRows()[0].querySelector('time')!.getAttribute('dateTime')).toBe(
      '2027-01-15T08:30:00.000Z',
    );

    fireEvent.click(screen.getByRole('switch', { name: 'Hide container events' }));
    await waitFor(() => expect(lastQuery().hideContainer).toBe('true'));
    await screen.findByText('Team Old');
    monitorHub().push('ReceivedGameEvent', {
      ...buildGameEvent({ type: 'ContainerStart', values: ['12', 'Pwn 1'], team: 'Team Box' }),
      time: '2027-01-15T08:31:00Z',
    });
    expect(screen.queryByText('Team Box')).toBeNull();
  });

  it('holds the list while paused and catches up on resume', async () => {
    fakeApi.on('GET', path, 200, [buildGameEvent({ team: 'Team Old' })]);
    render();
    await screen.findByText('Team Old');
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByText('Paused')).toBeTruthy();
    const pushed = { ...buildGameEvent({ team: 'Team Late' }), time: '2027-01-15T09:00:00Z' };
    monitorHub().push('ReceivedGameEvent', pushed);
    expect(screen.getByText('Paused, 1 new')).toBeTruthy();
    expect(screen.queryByText('Team Late')).toBeNull();

    const before = fakeApi.requests('GET', path).length;
    fakeApi.on('GET', path, 200, [
      { ...pushed, time: Date.parse(pushed.time) },
      buildGameEvent({ team: 'Team Old' }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('Team Late')).toBeTruthy();
    expect(fakeApi.requests('GET', path).length).toBe(before + 1);
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('reads the list again when the live channel comes back', async () => {
    fakeApi.on('GET', path, 200, []);
    render();
    await screen.findByText('No events yet.');
    await waitFor(() => expect(screen.getByText('Live')).toBeTruthy());
    const hub = monitorHub();
    hub.drop();
    expect(screen.getByText(/Reconnecting/)).toBeTruthy();
    fakeApi.on('GET', path, 200, [buildGameEvent({ team: 'Team Meanwhile' })]);
    hub.regain();
    expect(await screen.findByText('Team Meanwhile')).toBeTruthy();
  });
});
