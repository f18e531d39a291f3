import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Scoreboard, ScoreboardRow, TopTimeLine } from '@/api/types';
import { fakeApi, problem } from '@/test/apiMock';
import {
  buildGameChallenge,
  buildGameDetail,
  buildProfile,
  buildScoreboard,
  buildScoreboardRow,
  buildSolve,
  buildTeam,
  buildTeamMember,
} from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { fakeHubs } from '@/test/fakeHub';
import ScoreboardPage from './ScoreboardPage';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);
const USER_HUB = '/hub/user?game=3';
const boardUpdate = (version: number) =>
  fakeHubs.last(USER_HUB)!.push('ReceivedScoreboardUpdate', { gameId: 3, version });

// the chart has its own test; here it only says which teams it was given
vi.mock('./ScoreTimeline', () => ({
  default: ({ lines }: { lines: TopTimeLine[] }) => (
    <ul aria-label="Chart">
      {lines.map((line) => (
        <li key={line.id}>{line.name}</li>
      ))}
    </ul>
  ),
}));

const BOARD = '/api/game/3/scoreboard';
const HOUR = 3_600_000;
const game = buildGameDetail({ id: 3, title: 'Winter CTF' });
const sanity = buildGameChallenge({ id: 11, title: 'Sanity', category: 'Misc', score: 500 });
const login = buildGameChallenge({ id: 12, title: 'Login', category: 'Web', score: 480 });
const crabs = buildScoreboardRow({
  id: 71,
  name: 'Crabs',
  solvedChallenges: [
    buildSolve({ id: 11, type: 'FirstBlood', score: 525, userName: 'carol' }),
    buildSolve({ id: 12, score: 480, userName: 'dave', time: game.start + HOUR }),
  ],
});
const owls = buildScoreboardRow({
  id: 72,
  name: 'Owls',
  solvedChallenges: [buildSolve({ id: 11, type: 'SecondBlood', score: 515 })],
});
const newbies = buildScoreboardRow({ id: 73, name: 'Newbies' });
const board = buildScoreboard([login, sanity], [crabs, owls, newbies]);

function serve(scoreboard: Scoreboard | null = board, detail = game) {
  fakeApi.on('GET', '/api/game/3', 200, detail);
  if (scoreboard) fakeApi.on('GET', BOARD, 200, scoreboard);
}

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/games/:id/scoreboard" element={<ScoreboardPage />} />
    </Routes>,
    { route: '/games/3/scoreboard' },
  );

/** The table row of a team (found by the button of its name: role queries are slow on big tables). */
const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'button' })).closest('tr')!;

describe('ScoreboardPage', () => {
  beforeEach(() => {
    startSignedOut();
    fakeHubs.reset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows a placeholder, then every team ranked with its solves and bloods', async () => {
    fakeApi.on('GET', '/api/game/3', 200, game);
    const release = fakeApi.hold('GET', BOARD, 200, board);
    const { container } = render();
    expect(await screen.findByRole('heading', { name: 'Scoreboard' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeTruthy();
    release();

    const crabsRow = await rowOf('Crabs');
    expect(within(crabsRow).getAllByRole('cell')[0].textContent).toBe('1');
    expect(within(crabsRow).getByText('1005')).toBeTruthy();
    expect(
      within(crabsRow).getByRole('img', { name: /^First blood · .* · 525 points$/ }),
    ).toBeTruthy();
    expect(within(crabsRow).getByRole('img', { name: /^Solved · .* · 480 points$/ })).toBeTruthy();
    expect(
      within(await rowOf('Owls')).getByRole('img', { name: /^Second blood · .* · 515 points$/ }),
    ).toBeTruthy();
    expect(within(await rowOf('Newbies')).queryAllByRole('img')).toEqual([]);

    // categories in the spec's order, each over its challenges
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Team', 'Score', 'Solved', 'Misc', 'Web', 'Sanity', 'Login']);
    // the chart is loaded on demand: wait for it rather than assume the import has resolved
    expect(
      within(await screen.findByRole('list', { name: 'Chart' })).getByText('Crabs'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Top 10' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(document.title).toBe('Scoreboard - Winter CTF - Demo CTF');
  });

  it('on a phone, shows rank, team, score and solves without the challenge columns', async () => {
    // a phone-wide window: every "max-width" media query matches
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    serve();
    render();
    await rowOf('Crabs');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Rank', 'Team', 'Score', 'Solved']);
    expect(screen.getByText("Tap a team's name to see what it solved.")).toBeTruthy();
    expect(screen.queryByText('Scroll sideways to see every challenge.')).toBeNull();
  });

  it('says when no team is on the board yet', async () => {
    serve(buildScoreboard([sanity], []));
    render();
    expect(await screen.findByText('No team on the board yet')).toBeTruthy();
    expect(screen.getByText('No solves yet: the chart starts with the first one.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('waits for the start without asking for the board', async () => {
    serve(null, { ...game, start: Date.now() + 2 * HOUR, end: Date.now() + 5 * HOUR });
    render();
    expect(await screen.findByText('The game has not started')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^Starts in 01:59:5\d/);
    expect(fakeApi.requests('GET', BOARD)).toEqual([]);
  });

  it('reports a board that cannot be read, and reads it again on request', async () => {
    serve(null);
    // the server's clock says the game has not started yet (refusals are not retried)
    fakeApi.on('GET', BOARD, 400, problem(400, 'The game has not started'));
    render();
    expect(await screen.findByText('The scoreboard could not be loaded')).toBeTruthy();
    expect(screen.getByText('The game has not started')).toBeTruthy();
    fakeApi.on('GET', BOARD, 200, board);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await rowOf('Crabs')).toBeTruthy();
    expect(screen.queryByText('The scoreboard could not be loaded')).toBeNull();
  });

  it('says when the game does not exist', async () => {
    fakeApi.on('GET', '/api/game/3', 404, problem(404, 'The game was not found'));
    render();
    expect(await screen.findByRole('heading', { name: 'Game not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All games' }).getAttribute('href')).toBe('/games');
  });

  it('marks the caller’s team', async () => {
    startSignedIn();
    serve(board, { ...game, status: 'Accepted', teamName: 'Owls' });
    fakeApi.on('GET', '/api/team', 200, [buildTeam({ id: 72, name: 'Owls' })]);
    render();
    const owlsRow = await rowOf('Owls');
    expect(await within(owlsRow).findByText('Your team')).toBeTruthy();
    expect(within(await rowOf('Crabs')).queryByText('Your team')).toBeNull();
  });

  it('ranks each division on its own', async () => {
    const red1 = { ...crabs, division: 'Red', divisionRank: 1 };
    const blue1 = { ...owls, division: 'Blue', divisionRank: 1 };
    const red2 = { ...newbies, division: 'Red', divisionRank: 2 };
    const divided = buildScoreboard([login, sanity], [red1, blue1, red2], {
      timeLines: {
        all: [{ id: 71, name: 'Crabs', items: [] }],
        Blue: [{ id: 72, name: 'Owls', items: [] }],
      },
    });
    serve(divided, { ...game, divisions: ['Red', 'Blue'] });
    render();
    expect(within(await rowOf('Owls')).getAllByRole('cell')[0].textContent).toBe('2');
    expect(within(await rowOf('Owls')).getByText('Blue')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Blue' }));
    const owlsRow = await rowOf('Owls');
    expect(within(owlsRow).getAllByRole('cell')[0].textContent).toBe('1');
    expect(screen.queryByText('Crabs', { selector: 'button' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Top 10 of Blue' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Chart' })).getByText('Owls')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Red' }));
    expect(within(await rowOf('Newbies')).getAllByRole('cell')[0].textContent).toBe('2');
    expect(screen.queryByText('Owls', { selector: 'button' })).toBeNull();
  });

  it('opens a team’s card with its members and solves', async () => {
    serve();
    fakeApi.on(
      'GET',
      '/api/team/71',
      200,
      buildTeam({
        id: 71,
        name: 'Crabs',
        members: [
          buildTeamMember({ userName: 'dave' }),
          buildTeamMember({ userName: 'carol', captain: true }),
        ],
      }),
    );
    render();
    fireEvent.click(within(await rowOf('Crabs')).getByRole('button', { name: 'Crabs' }));
    const card = await screen.findByRole('dialog', { name: 'Crabs' });
    expect(await within(card).findByText('carol (captain)')).toBeTruthy();
    const members = within(card).getByRole('region', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ccarol (captain)', // the avatar's initial, then the name
      'Ddave',
    ]);
    const solves = within(card).getByRole('region', { name: 'Solves' });
    expect(within(solves).getByText('Sanity')).toBeTruthy();
    expect(within(solves).getByText(/^Misc · First blood · carol · /)).toBeTruthy();
    expect(within(solves).getByText('525 points')).toBeTruthy();
    expect(within(solves).getByText(/^Web · dave · /)).toBeTruthy();
    expect(within(card).getByText('2 / 2')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('still shows a team’s card when its members cannot be read', async () => {
    serve();
    fakeApi.on('GET', '/api/team/73', 404, problem(404, 'Team not found'));
    render();
    fireEvent.click(within(await rowOf('Newbies')).getByRole('button', { name: 'Newbies' }));
    const card = await screen.findByRole('dialog', { name: 'Newbies' });
    expect(
      await within(card).findByText('The members could not be loaded: Team not found'),
    ).toBeTruthy();
    expect(within(card).getByText('No solves yet.')).toBeTruthy();
  });

  it('lets monitors download the spreadsheet', async () => {
    startSignedIn(buildProfile({ role: 'Monitor' }));
    serve();
    URL.createObjectURL = vi.fn(() => 'blob:sheet');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    fakeApi.on('GET', '/api/game/3/scoreboardsheet', {
      status: 200,
      body: 'xlsx',
      headers: { 'Content-Disposition': 'attachment; filename="Winter-Scoreboard.xlsx"' },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Download spreadsheet' }));
    await waitFor(() => expect(saved).toEqual(['Winter-Scoreboard.xlsx']));
    expect(fakeApi.requests('GET', '/api/game/3/scoreboardsheet')).toHaveLength(1);
  });

  it('offers no download to players', async () => {
    startSignedIn();
    serve();
    render();
    await rowOf('Crabs');
    expect(screen.queryByRole('button', { name: 'Download spreadsheet' })).toBeNull();
  });

  it('follows a running game: reads the board again when the hub says it was rebuilt', async () => {
    serve();
    render();
    await rowOf('Crabs');
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(fakeHubs.last(USER_HUB)?.starts).toBe(1);
    const reads = fakeApi.requests('GET', BOARD).length;
    // a version the page already holds: nothing to read
    boardUpdate(board.updateTimeUtc);
    const leading: ScoreboardRow = { ...owls, score: 2000 };
    const rebuilt = { ...board, updateTimeUtc: board.updateTimeUtc + 500 };
    fakeApi.on('GET', BOARD, 200, { ...rebuilt, items: [{ ...leading, rank: 1 }, crabs] });
    boardUpdate(rebuilt.updateTimeUtc);
    await waitFor(() => expect(fakeApi.requests('GET', BOARD)).toHaveLength(reads + 1), {
      timeout: 4_000,
    });
    expect(await within(await rowOf('Owls')).findByText('2000')).toBeTruthy();
  });

  it('keeps the last board when reading it again fails', async () => {
    serve();
    render();
    await rowOf('Crabs');
    fakeApi.on('GET', BOARD, 429, problem(429, 'Too many requests'));
    boardUpdate(board.updateTimeUtc + 1);
    expect(
      await screen.findByText(
        'The scoreboard could not be refreshed; what you see may be out of date',
        {},
        { timeout: 4_000 },
      ),
    ).toBeTruthy();
    expect(await rowOf('Crabs')).toBeTruthy();
  });

  it('stops following the game once it has ended', async () => {
    serve(board, { ...game, start: Date.now() - 5 * HOUR, end: Date.now() - HOUR });
    render();
    await rowOf('Crabs');
    expect(screen.queryByText('Live')).toBeNull();
    expect(fakeHubs.opened).toHaveLength(0);
  });

  it('pages through a large board and brings up the caller’s team', async () => {
    startSignedIn();
    const rows = Array.from({ length: 60 }, (_, index) =>
      buildScoreboardRow({ id: 1_000 + index, name: `Squad ${index + 1}` }),
    );
    serve(buildScoreboard([sanity], rows), { ...game, status: 'Accepted', teamName: 'Squad 55' });
    fakeApi.on('GET', '/api/team', 200, [buildTeam({ id: 1_054, name: 'Squad 55' })]);
    render();
    await rowOf('Squad 50');
    expect(screen.queryByText('Squad 51', { selector: 'button' })).toBeNull();
    expect(screen.getByText('1–50 of 60')).toBeTruthy();

    fireEvent.click(await screen.findByText('Show my team'));
    const mine = await rowOf('Squad 55');
    expect(within(mine).getByText('Your team')).toBeTruthy();
    expect(screen.getByText('51–60 of 60')).toBeTruthy();
    expect(screen.queryByText('Show my team')).toBeNull();

    fireEvent.click(screen.getByLabelText('Go to the previous page'));
    expect(await rowOf('Squad 1')).toBeTruthy();
  });

  it('says since when a frozen board stands still, and reads it again once the game has ended', async () => {
    const frozenAt = Date.now() - HOUR;
    serve({ ...board, frozenAt });
    const { unmount } = render();
    const title = await screen.findByText(/^Frozen since /);
    expect(title.closest('[role="status"]')?.textContent).toContain('your own team');
    unmount();

    fakeApi.reset();
    serve({ ...board, frozenAt }, { ...game, start: Date.now() - 5 * HOUR, end: Date.now() - 1 });
    render();
    await rowOf('Crabs');
    expect(screen.queryByText(/Frozen since/)).toBeNull();
    await waitFor(() => expect(fakeApi.requests('GET', BOARD).length).toBeGreaterThanOrEqual(2));
  });

  it('shows no Live chip on a frozen board, and marks the own row as counting all its solves', async () => {
    startSignedIn();
    const frozenAt = Date.now() - HOUR;
    serve(
      { ...board, frozenAt },
      { ...game, status: 'Accepted', teamName: 'Crabs', freezeTime: frozenAt },
    );
    fakeApi.on('GET', '/api/team', 200, [buildTeam({ id: 71, name: 'Crabs' })]);
    render();
    expect(await within(await rowOf('Crabs')).findByText('Your team · all solves')).toBeTruthy();
    expect(screen.getByText(/^Frozen since /)).toBeTruthy();
    // issue 23: "Live" beside "Frozen since…" contradicted it
    expect(screen.queryByText('Live')).toBeNull();
    // organisers' notice is not for players
    expect(screen.queryByText(/^Players see the board frozen/)).toBeNull();
  });

  it('tells monitors, who see the board live, that players see it frozen (and when it will be)', async () => {
    startSignedIn(buildProfile({ role: 'Monitor' }));
    const freezeTime = Date.now() - HOUR;
    serve(board, { ...game, freezeTime });
    const { unmount } = render();
    await rowOf('Crabs');
    const notice = (await screen.findByText(/^Players see the board frozen at /)).closest(
      '[role="status"]',
    );
    expect(notice?.textContent).toContain('You see it live');
    expect(screen.getByText('Live')).toBeTruthy();
    expect(screen.queryByText(/^Frozen since /)).toBeNull();
    unmount();

    fakeApi.reset();
    startSignedIn(buildProfile({ role: 'Monitor' }));
    serve(board, { ...game, freezeTime: Date.now() + HOUR });
    render();
    expect(await screen.findByText(/^The board freezes for players at /)).toBeTruthy();
  });

  it('shows no freeze banner on a live board', async () => {
    serve();
    render();
    await rowOf('Crabs');
    expect(screen.queryByText(/Frozen since/)).toBeNull();
  });

  describe('of an individual game', () => {
    const solo = { ...game, playMode: 'Individual' as const };
    const alice = buildScoreboardRow({
      id: 81,
      name: 'alice',
      solvedChallenges: [buildSolve({ id: 11, type: 'FirstBlood', score: 525, userName: 'alice' })],
    });
    const bob = buildScoreboardRow({ id: 82, name: 'bob' });
    const players = buildScoreboard([login, sanity], [alice, bob]);

    it('names the competitors players, and marks the caller by their entry', async () => {
      startSignedIn();
      serve(players, { ...solo, status: 'Accepted', teamName: 'bob' });
      render();
      const aliceRow = await rowOf('alice');
      expect(screen.getByRole('columnheader', { name: 'Player' })).toBeTruthy();
      expect(screen.queryByRole('columnheader', { name: 'Team' })).toBeNull();
      // bob's personal entry is not among his teams: his row is found by its name
      expect(await within(await rowOf('bob')).findByText('You')).toBeTruthy();
      expect(within(aliceRow).queryByText('You')).toBeNull();
      expect(fakeApi.requests('GET', '/api/team')).toHaveLength(0);
    });

    it("opens a player's card titled as a player, without members or a team page", async () => {
      serve(players, solo);
      render();
      fireEvent.click(within(await rowOf('alice')).getByRole('button', { name: 'alice' }));
      const card = await screen.findByRole('dialog', { name: 'Player alice' });
      const solves = within(card).getByRole('region', { name: 'Solves' });
      expect(within(solves).getByText('Sanity')).toBeTruthy();
      expect(within(card).queryByRole('region', { name: 'Members' })).toBeNull();
      expect(within(card).queryByRole('link', { name: 'Team page' })).toBeNull();
      expect(fakeApi.requests('GET', '/api/team/81')).toHaveLength(0);
    });

    it('says when no player is on the board yet', async () => {
      serve(buildScoreboard([sanity], []), solo);
      render();
      expect(await screen.findByText('No player on the board yet')).toBeTruthy();
      expect(
        screen.getByText('Players appear here once their registration is accepted.'),
      ).toBeTruthy();
    });
  });
});
