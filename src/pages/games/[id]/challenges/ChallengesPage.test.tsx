import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { fakeHubs } from '@/test/fakeHub';
import { buildNotice } from '@/test/builders';
import { buildScene, GAME_ID, HOUR, renderPage, serve, userHub, type Scene } from './testScene';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const DETAILS = `/api/game/${GAME_ID}/details`;
const NOTICES = `/api/game/${GAME_ID}/notices`;
let scene: Scene;

/** A challenge card: its accessible name starts with the title, then its marks, score and solves. */
const card = (start: string) =>
  screen.findByRole('button', { name: (name) => name.startsWith(start) });

describe('ChallengesPage', () => {
  beforeEach(() => {
    scene = buildScene();
    serve(scene);
  });
  afterEach(() => vi.useRealTimers());

  describe('before the board', () => {
    it('shows a skeleton while the game loads', async () => {
      const release = fakeApi.hold('GET', `/api/game/${GAME_ID}`, 200, scene.game);
      renderPage();
      expect(screen.getByLabelText('Loading…').getAttribute('aria-busy')).toBe('true');
      release();
      expect(await card('Login bypass')).toBeTruthy();
    });

    it('asks visitors to sign in and come back', async () => {
      fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
      renderPage();
      expect(await screen.findByText('Sign in to play')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
        '/account/login?from=%2Fgames%2F1%2Fchallenges',
      );
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(0);
    });

    it('sends a team that has not joined to the game page', async () => {
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, { ...scene.game, status: 'Unsubmitted' });
      renderPage();
      expect(await screen.findByText('Your team has not joined this game')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to the game page' }).getAttribute('href')).toBe(
        '/games/1',
      );
    });

    it('explains a registration waiting for review, rejected or suspended', async () => {
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, { ...scene.game, status: 'Pending' });
      const { unmount } = renderPage();
      expect(await screen.findByText('Your registration is waiting for review')).toBeTruthy();
      unmount();
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, { ...scene.game, status: 'Suspended' });
      renderPage();
      expect(await screen.findByText('Your team is suspended')).toBeTruthy();
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(0);
    });

    it('speaks to the player alone in an individual game', async () => {
      const solo = { ...scene.game, playMode: 'Individual' as const };
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, { ...solo, status: 'Unsubmitted' });
      const { unmount } = renderPage();
      expect(await screen.findByText('You have not joined this game')).toBeTruthy();
      expect(
        screen.getByText('Join the game on the game page: you play alone, no team needed.'),
      ).toBeTruthy();
      unmount();
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, { ...solo, status: 'Suspended' });
      renderPage();
      expect(await screen.findByText('You are suspended')).toBeTruthy();
      expect(screen.queryByText(/team/i)).toBeNull();
    });

    it('counts down to the start and opens the board then', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const start = Date.now() + 5_000;
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, { ...scene.game, start });
      renderPage();
      expect(await screen.findByText('The game has not started yet')).toBeTruthy();
      expect(screen.getByRole('timer').textContent).toMatch(/^Starts in 00:00:0\d/);
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(5_100));
      expect(await card('Login bypass')).toBeTruthy();
    });

    it('closes after the end, pointing to the scoreboard', async () => {
      const ended = { ...scene.game, start: Date.now() - 2 * HOUR, end: Date.now() - HOUR };
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, ended);
      renderPage();
      expect(await screen.findByText('The game has ended')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Scoreboard' }).getAttribute('href')).toBe(
        '/games/1/scoreboard',
      );
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(0);
    });

    it('says when the game does not exist', async () => {
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 404, problem(404, 'The game was not found'));
      renderPage();
      expect(await screen.findByText('This game does not exist.')).toBeTruthy();
    });

    it('shows a failed load with a retry', async () => {
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 500, problem(500, 'Database unavailable'));
      renderPage();
      expect(await screen.findByText('Database unavailable')).toBeTruthy();
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, scene.game);
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await card('Login bypass')).toBeTruthy();
    });
  });

  describe('the board', () => {
    it('shows the team standing and the challenges by category', async () => {
      scene.view.rank = {
        ...scene.view.rank!,
        rank: 2,
        score: 504,
        solvedChallenges: [{ id: 201, score: 504, type: 'FirstBlood', userName: 'alice', time: 1 }],
        solvedCount: 1,
      };
      serve(scene);
      renderPage();
      const solved = await card('Login bypass First blood Solved 480 pts');
      expect(screen.getByRole('heading', { level: 1, name: 'Winter CTF' })).toBeTruthy();
      expect(screen.getByText('Playing as Owls')).toBeTruthy();
      expect(screen.getByText('#2')).toBeTruthy();
      expect(screen.getByText('504')).toBeTruthy();
      expect(screen.getByText('1 / 3')).toBeTruthy();
      expect(screen.getByRole('timer').textContent).toMatch(/^Ends in 0[12]:\d\d:\d\d$/);
      expect(within(solved).getByRole('img', { name: 'Solved' })).toBeTruthy();
      expect(within(solved).getByRole('img', { name: 'First blood' })).toBeTruthy();
      expect(within(solved).getByText('480 pts')).toBeTruthy();
      expect(within(solved).getByText('3 solves')).toBeTruthy();
      const unsolved = screen.getByRole('button', { name: /^Weak RSA\b/ });
      expect(within(unsolved).getByText('1 solve')).toBeTruthy();
      expect(within(unsolved).queryByRole('img', { name: 'Solved' })).toBeNull();
      expect(screen.getByRole('heading', { name: 'Web' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Crypto' })).toBeTruthy();
    });

    it('says during a freeze that the score counts all the team’s solves (as its board row)', async () => {
      scene.game = { ...scene.game, freezeTime: Date.now() - HOUR / 2 };
      serve(scene);
      renderPage();
      await card('Login bypass');
      expect((await screen.findByRole('note')).textContent).toMatch(
        /^Board frozen since .+: your score counts all your team's solves/,
      );
    });

    it('says nothing of a freeze before it', async () => {
      scene.game = { ...scene.game, freezeTime: Date.now() + HOUR / 2 };
      serve(scene);
      renderPage();
      await card('Login bypass');
      expect(screen.queryByText(/^Board frozen since/)).toBeNull();
    });

    it('shows no rank before the team has scored', async () => {
      scene.view.rank = {
        ...scene.view.rank!,
        rank: 1,
        score: 0,
        solvedChallenges: [],
        solvedCount: 0,
      };
      serve(scene);
      renderPage();
      await card('Login bypass');
      expect(screen.queryByText('#1')).toBeNull();
      expect(screen.getByText('—')).toBeTruthy();
    });

    it('filters by category', async () => {
      renderPage();
      await card('Login bypass');
      expect(screen.getByRole('tab', { name: 'All (3)' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      fireEvent.click(screen.getByRole('tab', { name: 'Crypto (1)' }));
      expect(screen.queryByRole('button', { name: /^Login bypass\b/ })).toBeNull();
      expect(screen.getByRole('button', { name: /^Weak RSA\b/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('tab', { name: 'All (3)' }));
      expect(screen.getByRole('button', { name: /^Login bypass\b/ })).toBeTruthy();
    });

    it('says when no challenge is open yet', async () => {
      fakeApi.on('GET', DETAILS, 200, { ...scene.view, challenges: {}, challengeCount: 0 });
      renderPage();
      expect(await screen.findByText(/No challenges are open yet/)).toBeTruthy();
      expect(screen.getByText('0 / 0')).toBeTruthy();
    });

    it('shows why the list failed, and retries', async () => {
      fakeApi.on(
        'GET',
        DETAILS,
        400,
        problem(400, 'Your registration has been rejected or banned'),
      );
      renderPage();
      expect(await screen.findByText('Your registration has been rejected or banned')).toBeTruthy();
      fakeApi.on('GET', DETAILS, 200, scene.view);
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await card('Login bypass')).toBeTruthy();
    });

    it('reads the list again when the hub says the board was rebuilt', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderPage();
      await card('Login bypass');
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(1);
      fakeApi.on('GET', DETAILS, 200, {
        ...scene.view,
        challenges: { Web: [{ ...scene.challenges[0], score: 420, solved: 4 }] },
      });
      // no polling every 10 s while the hub is live
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(1);
      const hub = fakeHubs.last(`/hub/user?game=${GAME_ID}`)!;
      hub.push('ReceivedScoreboardUpdate', { gameId: GAME_ID, version: Date.now() });
      await act(() => vi.advanceTimersByTimeAsync(3_000));
      await waitFor(() => expect(fakeApi.requests('GET', DETAILS)).toHaveLength(2));
      expect(await screen.findByText('420 pts')).toBeTruthy();
      // one connection for notices and board updates
      expect(fakeHubs.opened.filter((h) => h.url === `/hub/user?game=${GAME_ID}`)).toHaveLength(1);
    });

    it('keeps ended games playable in practice mode, without polling', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const practice = {
        ...scene.game,
        practiceMode: true,
        start: Date.now() - 2 * HOUR,
        end: Date.now() - HOUR,
      };
      fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, practice);
      renderPage();
      await card('Login bypass');
      expect(screen.getByText('Practice')).toBeTruthy();
      expect(screen.getByText(/solves no longer count on the scoreboard/)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(25_000));
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(1);
    });
  });

  describe('notices', () => {
    const panel = () => within(screen.getByRole('region', { name: 'Notices' }));
    const findPanel = async () => within(await screen.findByRole('region', { name: 'Notices' }));

    it('lists them newest first, organisers’ ones as sanitised Markdown', async () => {
      const now = Date.now();
      fakeApi.on('GET', NOTICES, 200, [
        buildNotice({ time: now - 3 * HOUR, values: ['**Welcome**<script>window.x=1</script>'] }),
        buildNotice({ time: now - HOUR, type: 'FirstBlood', values: ['Owls', 'Login bypass'] }),
        buildNotice({ time: now - 2 * HOUR, type: 'NewHint', values: ['Weak RSA'] }),
      ]);
      renderPage();
      await findPanel();
      const items = await waitFor(() => {
        const list = panel().getAllByRole('listitem');
        expect(list).toHaveLength(3);
        return list;
      });
      expect(items[0].textContent).toContain('Owls took first blood on Login bypass');
      expect(items[0].textContent).toContain('1 hour ago');
      expect(items[1].textContent).toContain('New hint for Weak RSA');
      expect(items[2].querySelector('strong')?.textContent).toBe('Welcome');
      expect(items[2].querySelector('script')).toBeNull();
      expect(within(items[0]).getByTitle('First blood')).toBeTruthy();
    });

    it('says when there are none, and shows a failure with a retry', async () => {
      fakeApi.on('GET', NOTICES, 400, problem(400, 'Notices unavailable'));
      renderPage();
      expect(await (await findPanel()).findByText('Notices unavailable')).toBeTruthy();
      fakeApi.on('GET', NOTICES, 200, []);
      fireEvent.click(panel().getByRole('button', { name: 'Retry' }));
      expect(await panel().findByText('No notices yet.')).toBeTruthy();
    });

    it('adds live notices at once, announces them and refreshes the board', async () => {
      renderPage();
      await card('Login bypass');
      expect(await panel().findByText('Live')).toBeTruthy();
      expect(fakeApi.requests('GET', DETAILS)).toHaveLength(1);
      userHub()!.push('ReceivedGameNotice', {
        id: 99,
        time: new Date().toISOString().replace('Z', '+00:00'),
        type: 'SecondBlood',
        values: ['Foxes', 'Weak RSA'],
      });
      expect(await panel().findByText('Foxes took second blood on Weak RSA')).toBeTruthy();
      const toast = within(screen.getByRole('region', { name: 'Notifications' }));
      expect(toast.getByText('Second blood')).toBeTruthy();
      expect(toast.getByText('Foxes took second blood on Weak RSA')).toBeTruthy();
      await waitFor(() => expect(fakeApi.requests('GET', DETAILS)).toHaveLength(2));
    });

    it('reads the notices again when the live channel comes back', async () => {
      renderPage();
      expect(await (await findPanel()).findByText('Live')).toBeTruthy();
      expect(fakeApi.requests('GET', NOTICES)).toHaveLength(1);
      userHub()!.drop();
      expect(panel().getByText('Reconnecting…')).toBeTruthy();
      fakeApi.on('GET', NOTICES, 200, [buildNotice({ values: ['Missed while away'] })]);
      userHub()!.regain();
      expect(await panel().findByText('Missed while away')).toBeTruthy();
      expect(fakeApi.requests('GET', NOTICES)).toHaveLength(2);
    });
  });
});
