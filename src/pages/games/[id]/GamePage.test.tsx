import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGameDetail, buildProfile } from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import type { PublicGameDetail } from '@/api/types';
import GamePage from './GamePage';

const HOUR = 3_600_000;
const render = (route = '/games/7') =>
  renderWithProviders(
    <Routes>
      <Route path="/games/:id" element={<GamePage />} />
    </Routes>,
    { route },
  );
const serve = (game: Partial<PublicGameDetail>) =>
  fakeApi.on('GET', '/api/game/7', 200, buildGameDetail({ id: 7, title: 'Spring CTF', ...game }));
const panel = () => within(screen.getByRole('region', { name: 'Your participation' }));
const upcoming = () => ({ start: Date.now() + 2 * HOUR, end: Date.now() + 5 * HOUR });
const ended = () => ({ start: Date.now() - 5 * HOUR, end: Date.now() - 2 * HOUR });

describe('GamePage', () => {
  beforeEach(() => startSignedIn());

  it('shows a skeleton while the game loads', async () => {
    const release = fakeApi.hold(
      'GET',
      '/api/game/7',
      200,
      buildGameDetail({ id: 7, title: 'Slow' }),
    );
    const { container } = render();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Slow - Demo CTF'));
  });

  it('shows the banner, a live countdown, the facts and the sanitised description', async () => {
    serve({
      ...upcoming(),
      summary: 'A friendly game',
      poster: '/assets/p/poster',
      teamCount: 12,
      limit: 3,
      divisions: ['Students', 'Open'],
      inviteCodeRequired: true,
      hidden: true,
      content: '## Rules\n\nBe **nice**.<script>alert(1)</script><img src=x onerror="alert(2)">',
    });
    const { container } = render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring CTF' })).toBeTruthy();
    expect(screen.getByText('A friendly game')).toBeTruthy();
    expect(screen.getByText('Upcoming')).toBeTruthy();
    expect(screen.getByText('Hidden from players')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Starts in 0[12]:\d\d:\d\d$/);
    expect(container.querySelector('img[src="/assets/p/poster"]')?.getAttribute('loading')).toBe(
      'eager',
    );
    expect(screen.getByText('12 teams registered')).toBeTruthy();
    expect(screen.getByText('Teams of up to 3 players')).toBeTruthy();
    expect(screen.getByText('Joining needs an invite code')).toBeTruthy();
    expect(screen.getByText('Students')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeTruthy();
    expect(screen.getByText('nice').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('tells visitors to sign in and brings them back', async () => {
    startSignedOut();
    serve({});
    render();
    const signIn = await screen.findByRole('link', { name: 'Sign in to join' });
    expect(signIn.getAttribute('href')).toBe('/account/login?from=%2Fgames%2F7');
    expect(screen.queryByRole('button', { name: 'Join this game' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Scoreboard' }).getAttribute('href')).toBe(
      '/games/7/scoreboard',
    );
  });

  it('offers to join while registrations are open', async () => {
    serve({});
    render();
    await screen.findByRole('heading', { level: 1 });
    expect(panel().getByRole('button', { name: 'Join this game' })).toBeTruthy();
    expect(panel().getByText(/You have not joined this game yet/)).toBeTruthy();
  });

  it('closes registrations of an ended game without practice mode', async () => {
    serve({ ...ended(), practiceMode: false });
    render();
    expect(
      await screen.findByText('This game has ended; it no longer takes registrations.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join this game' })).toBeNull();
  });

  it('explains a pending registration and lets the player leave', async () => {
    serve({ status: 'Pending', teamName: 'Owls', division: 'Students', divisions: ['Students'] });
    fakeApi.on('DELETE', '/api/game/7', 200);
    render();
    expect(await screen.findByText('Waiting for review')).toBeTruthy();
    expect(panel().getByText(/Your team Owls is registered/)).toBeTruthy();
    expect(panel().getByText('Division: Students')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to challenges' })).toBeNull();

    fireEvent.click(panel().getByRole('button', { name: 'Leave the game' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave Spring CTF?' }));
    serve({ status: 'Unsubmitted' });
    fireEvent.click(dialog.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left Spring CTF')).toBeTruthy();
    expect(fakeApi.requests('DELETE', '/api/game/7')).toHaveLength(1);
    expect(await panel().findByRole('button', { name: 'Join this game' })).toBeTruthy();
  });

  it('shows a refused leave with the server message', async () => {
    serve({ status: 'Pending', teamName: 'Owls' });
    fakeApi.on(
      'DELETE',
      '/api/game/7',
      400,
      problem(400, 'Can not exit the game after entrance approval'),
    );
    render();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(panel().getByRole('button', { name: 'Leave the game' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );
    expect(await screen.findByText('Can not exit the game after entrance approval')).toBeTruthy();
  });

  it('sends an accepted team of a running game to the challenges', async () => {
    serve({ status: 'Accepted', teamName: 'Owls' });
    render();
    const go = await screen.findByRole('link', { name: 'Go to challenges' });
    expect(go.getAttribute('href')).toBe('/games/7/challenges');
    expect(panel().getByText('You are in')).toBeTruthy();
    expect(panel().queryByRole('button', { name: 'Leave the game' })).toBeNull();
  });

  it('tells an accepted team of an upcoming game to wait for the start', async () => {
    serve({ status: 'Accepted', teamName: 'Owls', ...upcoming() });
    render();
    expect(await screen.findByText('The challenges open when the game starts.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to challenges' })).toBeNull();
  });

  it('keeps the challenges open after the end in practice mode', async () => {
    serve({ status: 'Accepted', teamName: 'Owls', ...ended(), practiceMode: true });
    render();
    expect(await screen.findByRole('link', { name: 'Go to challenges' })).toBeTruthy();
    expect(screen.getByText('Practice')).toBeTruthy();
  });

  it('lets a declined team register again or withdraw', async () => {
    serve({ status: 'Rejected', teamName: 'Owls' });
    render();
    expect(await screen.findByText('Registration declined')).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Register again' })).toBeTruthy();
    expect(panel().getByRole('button', { name: 'Leave the game' })).toBeTruthy();
  });

  it('offers no action to a suspended team', async () => {
    serve({ status: 'Suspended', teamName: 'Owls' });
    render();
    expect(await screen.findByText('Suspended')).toBeTruthy();
    expect(panel().queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Go to challenges' })).toBeNull();
  });

  it('links monitors to the monitor pages and administrators to the console too', async () => {
    startSignedIn(buildProfile({ role: 'Monitor' }));
    serve({});
    const { unmount } = render();
    const nav = within(await screen.findByRole('navigation', { name: 'Monitoring' }));
    expect(nav.getByRole('link', { name: 'Events' }).getAttribute('href')).toBe(
      '/games/7/monitor/events',
    );
    expect(nav.getByRole('link', { name: 'Traffic' }).getAttribute('href')).toBe(
      '/games/7/monitor/traffic',
    );
    expect(nav.queryByRole('link', { name: 'Edit in the console' })).toBeNull();
    unmount();

    startSignedIn(buildProfile({ role: 'Admin' }));
    serve({});
    render();
    const console = await screen.findByRole('link', { name: 'Edit in the console' });
    expect(console.getAttribute('href')).toBe('/admin/games/7/info');
  });

  it('leads an administrator who does not play with the organiser tools, joining after', async () => {
    startSignedIn(buildProfile({ role: 'Admin' }));
    serve({});
    render();
    const tools = await screen.findByRole('navigation', { name: 'Monitoring' });
    const join = panel().getByRole('button', { name: 'Join this game' });
    // the tools come first in the page, and joining is not the main action
    expect(tools.compareDocumentPosition(join) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(join.className).toMatch(/MuiButton-outlined/);
  });

  it('hides the organiser links from players', async () => {
    serve({});
    render();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Monitoring' })).toBeNull();
  });

  it('says when the game does not exist', async () => {
    fakeApi.on('GET', '/api/game/7', 404, problem(404, 'Game not found'));
    render();
    expect(await screen.findByText('This game does not exist or was removed.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All games' }).getAttribute('href')).toBe('/games');
  });

  it('treats a malformed id as a missing game without asking the server', async () => {
    render('/games/abc');
    expect(await screen.findByText('Game not found')).toBeTruthy();
    expect(fakeApi.requests('GET', '/api/game/abc')).toHaveLength(0);
  });

  it('shows other failures with a retry button', async () => {
    fakeApi.on('GET', '/api/game/7', 503, problem(503, 'Try again soon'));
    render();
    expect(await screen.findByText('Try again soon')).toBeTruthy();
    serve({});
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring CTF' })).toBeTruthy();
  });

  describe('of an individual game', () => {
    it('says it is played alone, offers a plain join, and asks for no team', async () => {
      serve({ ...upcoming(), playMode: 'Individual', teamCount: 2, limit: 3 });
      render();
      expect(await screen.findByRole('heading', { level: 1, name: 'Spring CTF' })).toBeTruthy();
      expect(screen.getByText('Individual')).toBeTruthy();
      expect(screen.getAllByText('Players compete alone: no team needed').length).toBeGreaterThan(
        0,
      );
      expect(screen.getByText('2 players registered')).toBeTruthy();
      expect(screen.queryByText('Teams of up to 3 players')).toBeNull();
      expect(
        panel().getByText('You have not joined this game yet. You play it alone: no team needed.'),
      ).toBeTruthy();
      fireEvent.click(panel().getByRole('button', { name: 'Join this game' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Join Spring CTF' }));
      expect(dialog.queryByRole('combobox', { name: /^Team/ })).toBeNull();
      expect(dialog.getByRole('button', { name: 'Join' })).toBeTruthy();
    });

    it("speaks of the player's own registration, not of a team", async () => {
      serve({ ...upcoming(), playMode: 'Individual', status: 'Pending', teamName: 'alice' });
      render();
      expect(
        await screen.findByText(
          'You are registered. An organiser will review the registration; this page updates by itself.',
        ),
      ).toBeTruthy();
      expect(screen.queryByText(/Your team/)).toBeNull();
    });
  });
});
