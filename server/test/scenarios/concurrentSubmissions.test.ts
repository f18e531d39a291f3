// Many submissions of the same flag at the same moment (issue 4): every one is stored and checked,
// each team counts once, and exactly three solves are bloods — the same three on the board and in
// the notices. The checker runs several workers so that checks really overlap.
import { expect, it } from 'vitest';
import { testConfig } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { playingTeam, submitFlag, type PlayingTeam } from '../routes/game/support.js';
import {
  bloodNotices,
  dynamicScore,
  readBoard,
  readSubmissions,
  waitUntil,
  type Board,
} from './support.js';

const TEAMS = 50;
const REPEATS = 20;

describeEachDatabase('concurrent submissions', (getDb) => {
  const server = useTestApp(getDb, { config: () => testConfig({ VEXIL_FLAG_CHECK_WORKERS: '4' }) });
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');

  const acceptedCount = async (gameId: number, challengeId: number): Promise<number> => {
    const response = await admin({
      method: 'GET',
      url: `/api/edit/games/${gameId}/challenges/${challengeId}`,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { acceptedCount: number }).acceptedCount;
  };

  /** Waits until no submission of the game waits for its check (bounded). */
  const allChecked = (gameId: number, expected: number) =>
    waitUntil(async () => {
      const submissions = await readSubmissions(monitor, gameId);
      return submissions.length === expected &&
        submissions.every((s) => s.status !== 'FlagSubmitted')
        ? submissions
        : undefined;
    }, 'every submission to be checked');

  it(`counts ${TEAMS} teams submitting the same flag at once, with exactly three bloods`, async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, { flags: ['flag{all_at_once}'] });
    const teams: PlayingTeam[] = [];
    for (let i = 0; i < TEAMS; i++) teams.push(await playingTeam(server.app, game));

    const ids = await Promise.all(
      teams.map((t) => submitFlag(t.call, game.id, challenge.id, 'flag{all_at_once}')),
    );
    expect(new Set(ids).size).toBe(TEAMS);
    const submissions = await allChecked(game.id, TEAMS);
    expect(submissions.map((s) => s.status)).toEqual(Array(TEAMS).fill('Accepted'));
    expect(await acceptedCount(game.id, challenge.id)).toBe(TEAMS);

    const board = await waitUntil(async () => {
      const current = await readBoard(monitor, game.id);
      return current.items.filter((i) => i.solvedCount === 1).length === TEAMS
        ? current
        : undefined;
    }, 'the board to list every solving team');
    expect(board.items).toHaveLength(TEAMS);
    const info = board.challenges.Misc?.find((c) => c.id === challenge.id);
    expect(info).toMatchObject({ solved: TEAMS, score: dynamicScore(1000, 0.25, 5, TEAMS) });
    const bloods = boardBloods(board, challenge.id);
    expect(bloods.map(([type]) => type)).toEqual(['FirstBlood', 'SecondBlood', 'ThirdBlood']);
    expect(
      board.items.flatMap((i) => i.solvedChallenges).filter((s) => s.type === 'Normal'),
    ).toHaveLength(TEAMS - 3);
    // The board's blood list names the same teams, in order.
    expect(info?.bloods.map((b) => b.name)).toEqual(bloods.map(([, name]) => name));

    const notices = await bloodNotices(monitor, game.id, challenge.title);
    // Notices are listed newest first: third, second, first — and name the board's bloods.
    expect(notices.map((n) => n.type)).toEqual(['ThirdBlood', 'SecondBlood', 'FirstBlood']);
    expect(notices.map((n) => [n.type, n.values[0]]).reverse()).toEqual(bloods);
  });

  it(`counts one solve for ${REPEATS} submissions of one team at once`, async () => {
    const game = await createGame(server.app);
    const challenge = await createChallenge(server.app, game.id, {
      flags: ['flag{again_and_again}'],
    });
    const team = await playingTeam(server.app, game, { size: 2 });
    const other = await playingTeam(server.app, game);

    const ids = await Promise.all(
      Array.from({ length: REPEATS }, (_, i) =>
        submitFlag(team.members[i % 2].call, game.id, challenge.id, 'flag{again_and_again}'),
      ),
    );
    expect(new Set(ids).size).toBe(REPEATS);
    const submissions = await allChecked(game.id, REPEATS);
    expect(submissions.every((s) => s.status === 'Accepted')).toBe(true);
    expect(await acceptedCount(game.id, challenge.id)).toBe(1);

    const board = await waitUntil(async () => {
      const current = await readBoard(monitor, game.id);
      return current.items.some((i) => i.solvedCount > 0) ? current : undefined;
    }, 'the board to show the solve');
    const row = board.items.find((i) => i.id === team.team.id);
    expect(row).toMatchObject({ rank: 1, solvedCount: 1, score: 1050 });
    expect(row?.solvedChallenges.map((s) => [s.id, s.type])).toEqual([
      [challenge.id, 'FirstBlood'],
    ]);
    expect(board.items.find((i) => i.id === other.team.id)).toMatchObject({
      rank: 2,
      score: 0,
      solvedCount: 0,
    });
    const notices = await bloodNotices(monitor, game.id, challenge.title);
    expect(notices.map((n) => [n.type, n.values[0]])).toEqual([['FirstBlood', team.team.name]]);
  });
});

/** [type, team name] of the challenge's bloods on the board, first blood first. */
function boardBloods(board: Board, challengeId: number): [string, string][] {
  const order = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];
  return board.items
    .flatMap((item) =>
      item.solvedChallenges
        .filter((s) => s.id === challengeId && order.includes(s.type))
        .map((s): [string, string] => [s.type, item.name]),
    )
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}
