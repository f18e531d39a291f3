import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { startSignedOut } from '@/test/fixtures';
import { GAME_ID, renderMonitor, startMonitoring } from './monitorTestKit';
import { monitorTabOf } from './monitorTabs';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const eventsPath = `/api/game/${GAME_ID}/events`;

describe('monitorTabOf', () => {
  it('reads the tab from the address, whatever its case', () => {
    expect(monitorTabOf('/games/3/monitor/CheatInfo')).toBe('cheatinfo');
    expect(monitorTabOf('/games/3/monitor/events/')).toBe('events');
    expect(monitorTabOf('/games/3/monitor')).toBeUndefined();
  });
});

describe('MonitorLayout', () => {
  beforeEach(() => {
    startMonitoring();
    fakeApi.on('GET', eventsPath, 200, []);
  });

  it('shows the game, the four tabs and the current page', async () => {
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring CTF' })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Monitoring pages' }));
    const links = tabs.getAllByRole('tab');
    expect(links.map((tab) => tab.textContent)).toEqual([
      'Events',
      'Submissions',
      'Cheat info',
      'Traffic',
      'Hint unlocks',
    ]);
    expect(links.map((tab) => tab.getAttribute('href'))).toEqual(
      ['events', 'submissions', 'cheatinfo', 'traffic', 'hints'].map(
        (page) => `/games/${GAME_ID}/monitor/${page}`,
      ),
    );
    expect(tabs.getByRole('tab', { name: 'Events' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No events yet.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Events - Spring CTF - Demo CTF'));
    // the console is for administrators only
    expect(screen.queryByRole('link', { name: 'Edit in the console' })).toBeNull();
  });

  it('matches the page case-insensitively', async () => {
    fakeApi.on('GET', `/api/game/${GAME_ID}/cheatinfo`, 200, []);
    renderMonitor(`/games/${GAME_ID}/monitor/CheatInfo`);
    const tab = await screen.findByRole('tab', { name: 'Cheat info' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText("No team has submitted another team's flag.")).toBeTruthy();
  });

  it('denies players, without asking the server for monitor data', async () => {
    startMonitoring({ role: 'User' });
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    expect(await screen.findByText('Access denied')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to the game' });
    expect(back.getAttribute('href')).toBe(`/games/${GAME_ID}`);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(fakeApi.requests('GET', eventsPath)).toHaveLength(0);
  });

  it('sends visitors to sign in and back', async () => {
    startSignedOut();
    const { location } = renderMonitor(`/games/${GAME_ID}/monitor/submissions`);
    await waitFor(() =>
      expect(location()).toBe(
        `/account/login?from=${encodeURIComponent(`/games/${GAME_ID}/monitor/submissions`)}`,
      ),
    );
  });

  it('lets administrators in, with a way to the game in the console', async () => {
    startMonitoring({ role: 'Admin' });
    fakeApi.on('GET', eventsPath, 200, []);
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    expect(await screen.findByText('No events yet.')).toBeTruthy();
    const toConsole = screen.getByRole('link', { name: 'Edit in the console' });
    expect(toConsole.getAttribute('href')).toBe(`/admin/games/${GAME_ID}/info`);
  });

  it('says when a game has not started, and reads nothing until then', async () => {
    startMonitoring({ game: { start: Date.now() + 3_600_000, end: Date.now() + 7_200_000 } });
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    expect(await screen.findByText('The game has not started')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/in 0[01]:\d\d:\d\d/);
    expect(screen.getByRole('tab', { name: 'Events' })).toBeTruthy();
    expect(fakeApi.requests('GET', eventsPath)).toHaveLength(0);
  });

  it('says when the game does not exist', async () => {
    fakeApi.on('GET', `/api/game/${GAME_ID}`, 404, problem(404, 'Game not found'));
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    expect(await screen.findByText('This game does not exist, or it was deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All games' }).getAttribute('href')).toBe('/games');
  });

  it('shows why the game could not be read, with a retry', async () => {
    fakeApi.on('GET', `/api/game/${GAME_ID}`, 403, problem(403, 'Access denied by policy'));
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    expect(await screen.findByText('The game could not be loaded')).toBeTruthy();
    expect(screen.getByText('Access denied by policy')).toBeTruthy();
    startMonitoring();
    fakeApi.on('GET', eventsPath, 200, []);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring CTF' })).toBeTruthy();
  });

  it('shows a skeleton while the account is checked', async () => {
    fakeApi.hold('GET', '/api/account/profile', 200, {});
    renderMonitor(`/games/${GAME_ID}/monitor/events`);
    await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).not.toBeNull());
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
