// The scoreboard freeze (issue 17): who sees which board after `freezeTime`, the team's own
// view, ETags per view, unfreezing at the end and when the organiser clears the freeze, and the
// blood notices players are not told of meanwhile.
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { generateGameKeyPair } from '#server/domain/teamToken.js';
import { caller, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { MINUTE, seedChallenge, seedGame, seedTeam, solve } from './scoreboardFixtures.js';

interface Row {
  id: number;
  score: number;
  rank: number;
  solvedChallenges: { id: number; score: number; type: string }[];
}

async function signedInAs(app: FastifyInstance, userId: string): Promise<Caller> {
  const { token } = await createSession(app.db, userId, { ip: '127.0.0.1', now: Date.now() });
  return caller(app, token);
}

async function setFreeze(app: FastifyInstance, gameId: number, freezeTime: number | null) {
  await app.db
    .updateTable('games')
    .set({ freeze_time: freezeTime })
    .where('id', '=', gameId)
    .execute();
  app.scoreboards.invalidate(gameId);
  await app.scoreboards.settle(gameId);
}

describeEachDatabase('Scoreboard freeze', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  const monitor = server.as('Monitor');

  /** Team A solved `early` before the freeze and `late` after it; team B solved `early` after. */
  async function frozenGame() {
    const { db } = server.app;
    const game = await seedGame(db);
    const freezeTime = Date.now() - 30 * MINUTE;
    const early = await seedChallenge(db, game.id, { title: 'early', category: 'Web' });
    const late = await seedChallenge(db, game.id, { title: 'late', category: 'Web' });
    const a = await seedTeam(db, game.id);
    const b = await seedTeam(db, game.id);
    const c = await seedTeam(db, game.id);
    await solve(db, { gameId: game.id, challengeId: early.id, team: a, time: game.start + MINUTE });
    await solve(db, { gameId: game.id, challengeId: early.id, team: b, time: freezeTime + MINUTE });
    await solve(db, {
      gameId: game.id,
      challengeId: late.id,
      team: a,
      time: freezeTime + 2 * MINUTE,
    });
    await setFreeze(server.app, game.id, freezeTime);
    return { game, freezeTime, early, late, a, b, c };
  }

  const board = async (call: Caller, gameId: number, headers: Record<string, string> = {}) => {
    const response = await call({ method: 'GET', url: `/api/game/${gameId}/scoreboard`, headers });
    return response;
  };
  const rowOf = (body: { items: Row[] }, teamId: number) =>
    body.items.find((item) => item.id === teamId)!;

  it('shows visitors and other teams the board as it stood at the freeze', async () => {
    const { game, freezeTime, early, late, a, b, c } = await frozenGame();
    const anonymous = (await board(server.anonymous, game.id)).json();
    expect(anonymous.frozenAt).toBe(freezeTime);
    expect(rowOf(anonymous, a.teamId).solvedChallenges.map((s: { id: number }) => s.id)).toEqual([
      early.id,
    ]);
    expect(rowOf(anonymous, b.teamId)).toMatchObject({ score: 0, solvedChallenges: [] });
    const web = anonymous.challenges.Web as { id: number; solved: number; score: number }[];
    // One solver before the freeze: the full score, and no count of the later solves.
    expect(web.find((x) => x.id === early.id)).toMatchObject({ solved: 1, score: 1000 });
    expect(web.find((x) => x.id === late.id)).toMatchObject({ solved: 0, bloods: [] });

    // Team C solved nothing since: it sees exactly the public frozen board.
    const teamC = await signedInAs(server.app, c.captain.id);
    const seenByC = await board(teamC, game.id);
    expect(seenByC.json()).toEqual(anonymous);
  });

  it("adds the team's own later solves to its own view, at the frozen scores", async () => {
    const { game, freezeTime, early, late, a, b } = await frozenGame();
    const teamB = await signedInAs(server.app, b.captain.id);
    const seenByB = (await board(teamB, game.id)).json();
    expect(seenByB.frozenAt).toBe(freezeTime);
    expect(rowOf(seenByB, b.teamId)).toMatchObject({
      score: 1000,
      solvedCount: 1,
      solvedChallenges: [{ id: early.id, score: 1000, type: 'Normal' }],
    });
    // A's later solve stays hidden from B.
    expect(rowOf(seenByB, a.teamId).solvedChallenges.map((s) => s.id)).toEqual([early.id]);

    const teamA = await signedInAs(server.app, a.captain.id);
    const seenByA = (await board(teamA, game.id)).json();
    expect(rowOf(seenByA, a.teamId)).toMatchObject({ score: 2050, rank: 1, solvedCount: 2 });
    expect(rowOf(seenByA, a.teamId).solvedChallenges[1]).toMatchObject({
      id: late.id,
      score: 1000,
      type: 'Normal',
    });
    expect(rowOf(seenByA, b.teamId).score).toBe(0);
    // Ranks stay a permutation of 1..n after the team's row moved.
    expect(seenByA.items.map((i: Row) => i.rank)).toEqual([1, 2, 3]);
  });

  it('shows monitors and organisers the live board', async () => {
    const { game, late, a, b } = await frozenGame();
    for (const call of [admin, monitor]) {
      const live = (await board(call, game.id)).json();
      expect(live.frozenAt).toBeUndefined();
      expect(rowOf(live, b.teamId).score).toBeGreaterThan(0);
      expect(rowOf(live, a.teamId).solvedChallenges.map((s) => s.id)).toContain(late.id);
    }
  });

  it('gives each view its own ETag and answers 304 only for the tag of that view', async () => {
    const { game, b } = await frozenGame();
    const teamB = await signedInAs(server.app, b.captain.id);
    const publicTag = (await board(server.anonymous, game.id)).headers.etag as string;
    const ownTag = (await board(teamB, game.id)).headers.etag as string;
    const liveTag = (await board(admin, game.id)).headers.etag as string;
    expect(new Set([publicTag, ownTag, liveTag]).size).toBe(3);

    expect(
      (await board(server.anonymous, game.id, { 'if-none-match': publicTag })).statusCode,
    ).toBe(304);
    expect((await board(teamB, game.id, { 'if-none-match': ownTag })).statusCode).toBe(304);
    expect((await board(admin, game.id, { 'if-none-match': liveTag })).statusCode).toBe(304);
    // Another view's tag does not revalidate: the caller gets its own board.
    const crossed = await board(server.anonymous, game.id, { 'if-none-match': ownTag });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.headers.etag).toBe(publicTag);
  });

  it('keeps the frozen board (and its tag) while only solves after the freeze come in', async () => {
    const { game, freezeTime, late, b } = await frozenGame();
    const before = await board(server.anonymous, game.id);
    await solve(server.app.db, {
      gameId: game.id,
      challengeId: late.id,
      team: b,
      time: freezeTime + 3 * MINUTE,
    });
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);
    const after = await board(server.anonymous, game.id);
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.json()).toEqual(before.json());
  });

  it('unfreezes when the organiser clears the freeze', async () => {
    const { game, b } = await frozenGame();
    expect((await board(server.anonymous, game.id)).json().frozenAt).toBeDefined();
    const stored = (await admin({ method: 'GET', url: `/api/edit/games/${game.id}` })).json();
    expect(stored.freezeTime).toBeTypeOf('number');
    const cleared = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: { ...stored, freezeTime: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().freezeTime).toBeNull();
    await server.app.scoreboards.settle(game.id);
    const live = (await board(server.anonymous, game.id)).json();
    expect(live.frozenAt).toBeUndefined();
    expect(rowOf(live, b.teamId).score).toBeGreaterThan(0);
  });

  it('unfreezes at the end of the game', async () => {
    const { game, b } = await frozenGame();
    await server.app.db
      .updateTable('games')
      .set({ end_time: Date.now() - 1_000 })
      .where('id', '=', game.id)
      .execute();
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);
    const ended = (await board(server.anonymous, game.id)).json();
    expect(ended.frozenAt).toBeUndefined();
    expect(rowOf(ended, b.teamId).score).toBeGreaterThan(0);
  });

  it("shows the team's own view in its game details, with the frozen challenge counts", async () => {
    const { game, early, b } = await frozenGame();
    // The seeded game's key pair is a stand-in; the team token needs a real one.
    const keys = generateGameKeyPair();
    await server.app.db
      .updateTable('games')
      .set({ public_key: keys.publicKey, private_key: keys.privateKey })
      .where('id', '=', game.id)
      .execute();
    const teamB = await signedInAs(server.app, b.captain.id);
    const details = await teamB({ method: 'GET', url: `/api/game/${game.id}/details` });
    expect(details.statusCode).toBe(200);
    const body = details.json();
    expect(body.rank).toMatchObject({ id: b.teamId, score: 1000, solvedCount: 1 });
    const web = body.challenges.Web as { id: number; solved: number }[];
    expect(web.find((x) => x.id === early.id)?.solved).toBe(1);
  });

  it('leaves blood notices of solves after the freeze out of the players’ notice list', async () => {
    const { game, freezeTime } = await frozenGame();
    await server.app.db
      .insertInto('game_notices')
      .values([
        { game_id: game.id, type: 'FirstBlood', values: '["A","early"]', time: freezeTime - 1 },
        { game_id: game.id, type: 'SecondBlood', values: '["B","early"]', time: freezeTime + 1 },
      ])
      .execute();
    const url = `/api/game/${game.id}/notices`;
    const players = (await server.anonymous({ method: 'GET', url })).json();
    expect(players.map((n: { type: string }) => n.type)).toEqual(['FirstBlood']);
    const monitors = (await monitor({ method: 'GET', url })).json();
    expect(monitors.map((n: { type: string }) => n.type).sort()).toEqual([
      'FirstBlood',
      'SecondBlood',
    ]);
  });

  it('refuses a freeze outside the game window with a clear title', async () => {
    const { game } = await frozenGame();
    const stored = (await admin({ method: 'GET', url: `/api/edit/games/${game.id}` })).json();
    for (const freezeTime of [stored.start - 1, stored.end, stored.end + MINUTE]) {
      const response = await admin({
        method: 'PUT',
        url: `/api/edit/games/${game.id}`,
        payload: { ...stored, freezeTime },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        title: "The scoreboard freeze must be between the game's start and end",
        status: 400,
      });
    }
    // Moving the window past a kept freeze is refused too.
    const { freezeTime: _kept, ...withoutFreeze } = stored;
    const moved = await admin({
      method: 'PUT',
      url: `/api/edit/games/${game.id}`,
      payload: { ...withoutFreeze, start: stored.freezeTime + MINUTE },
    });
    expect(moved.statusCode).toBe(400);
    const created = await admin({
      method: 'POST',
      url: '/api/edit/games',
      payload: { title: 'Frozen before it starts', start: 1_000, end: 2_000, freezeTime: 500 },
    });
    expect(created.statusCode).toBe(400);
  });
});
