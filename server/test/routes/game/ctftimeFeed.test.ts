// GET /api/game/{id}/scoreboard/ctftime (issue 17): the standings in CTFtime's format, in board
// order, frozen like the public board, refused like the scoreboard.
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { HOUR, MINUTE, seedChallenge, seedGame, seedTeam, solve } from './scoreboardFixtures.js';

describeEachDatabase('GET /api/game/{id}/scoreboard/ctftime', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const feed = async (gameId: number, call = server.anonymous, headers = {}) => {
    const response = await call({
      method: 'GET',
      url: `/api/game/${gameId}/scoreboard/ctftime`,
      headers,
    });
    return response;
  };

  it('answers every team in board order with its rank and score; equal scores by time', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const c = await seedChallenge(db, game.id, { minScoreRate: 1 });
    const d = await seedChallenge(db, game.id, { minScoreRate: 1 });
    await seedTeam(db, game.id, { name: 'Idle' });
    const slow = await seedTeam(db, game.id, { name: 'Slow' });
    const fast = await seedTeam(db, game.id, { name: 'Fast' });
    const quiet = await seedTeam(db, game.id, { name: 'Quiet' });
    const both = await seedTeam(db, game.id, { name: 'Both' });
    await solve(db, { gameId: game.id, challengeId: c.id, team: both, time: game.start + 1 });
    await solve(db, { gameId: game.id, challengeId: d.id, team: both, time: game.start + 2 });
    // Same score (no blood bonus left for them on c): Fast reached it first.
    await solve(db, { gameId: game.id, challengeId: c.id, team: slow, time: game.start + 20 });
    await solve(db, { gameId: game.id, challengeId: c.id, team: fast, time: game.start + 10 });
    await solve(db, { gameId: game.id, challengeId: c.id, team: quiet, time: game.start + 30 });
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);

    const response = await feed(game.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const board = (
      await server.anonymous({ method: 'GET', url: `/api/game/${game.id}/scoreboard` })
    ).json();
    const expected = board.items.map((item: { rank: number; name: string; score: number }) => ({
      pos: item.rank,
      team: item.name,
      score: item.score,
    }));
    expect(response.json()).toEqual({ standings: expected });
    expect(response.json().standings.map((s: { team: string }) => s.team)).toEqual([
      'Both',
      'Fast',
      'Slow',
      'Quiet',
      'Idle',
    ]);
    expect(response.json().standings.map((s: { pos: number }) => s.pos)).toEqual([1, 2, 3, 4, 5]);

    const tag = response.headers.etag as string;
    expect(tag).toMatch(/-ctftime"$/);
    expect((await feed(game.id, server.anonymous, { 'if-none-match': tag })).statusCode).toBe(304);
  });

  it('is frozen for the public and live for organisers', async () => {
    const { db } = server.app;
    const game = await seedGame(db);
    const freezeTime = Date.now() - 30 * MINUTE;
    const c = await seedChallenge(db, game.id);
    const early = await seedTeam(db, game.id, { name: 'Early' });
    const late = await seedTeam(db, game.id, { name: 'Late' });
    await solve(db, { gameId: game.id, challengeId: c.id, team: early, time: game.start + 1 });
    await solve(db, { gameId: game.id, challengeId: c.id, team: late, time: freezeTime + 1 });
    await db
      .updateTable('games')
      .set({ freeze_time: freezeTime })
      .where('id', '=', game.id)
      .execute();
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);

    const frozen = (await feed(game.id)).json();
    expect(frozen.standings).toEqual([
      { pos: 1, team: 'Early', score: 1050 },
      { pos: 2, team: 'Late', score: 0 },
    ]);
    const live = (await feed(game.id, admin)).json();
    expect(live.standings[1]).toMatchObject({ team: 'Late' });
    expect(live.standings[1].score).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown game and 400 before the start', async () => {
    const missing = await feed(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });
    const future = await seedGame(server.app.db, {
      start: Date.now() + HOUR,
      end: Date.now() + 2 * HOUR,
    });
    const early = await feed(future.id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ title: 'The game has not started', status: 400 });
  });

  it('answers an empty list for a game without teams', async () => {
    const game = await seedGame(server.app.db);
    expect((await feed(game.id)).json()).toEqual({ standings: [] });
  });
});
