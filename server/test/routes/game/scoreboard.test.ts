import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { HOUR, MINUTE, seedChallenge, seedGame, seedTeam, solve } from './scoreboardFixtures.js';

describeEachDatabase('GET /api/game/{id}/scoreboard', (getDb) => {
  const server = useTestApp(getDb);

  const get = (id: number) =>
    caller(server.app)({ method: 'GET', url: `/api/game/${id}/scoreboard` });

  it('answers the board of a listed game to anyone (hidden ones: hiddenGame.test.ts)', async () => {
    const game = await seedGame(server.app.db, { divisions: ['Open'] });
    const c = await seedChallenge(server.app.db, game.id, { title: 'baby', category: 'Pwn' });
    const team = await seedTeam(server.app.db, game.id, { division: 'Open' });
    await seedTeam(server.app.db, game.id, { division: 'Open' });
    await solve(server.app.db, {
      gameId: game.id,
      challengeId: c.id,
      team,
      time: game.start + MINUTE,
    });

    const response = await get(game.id);
    expect(response.statusCode).toBe(200);
    const board = response.json();
    expect(board.items).toHaveLength(2);
    expect(board.items[0]).toMatchObject({
      id: team.teamId,
      score: 1050,
      rank: 1,
      divisionRank: 1,
      division: 'Open',
    });
    expect(Object.keys(board.timeLines)).toEqual(['all', 'Open']);
    expect(board.challenges.Pwn[0]).toMatchObject({ title: 'baby', solved: 1, score: 1000 });
    expect(board.updateTimeUtc).toBeGreaterThan(game.start);
  });

  it('answers an empty board for a game without teams or challenges', async () => {
    const game = await seedGame(server.app.db);
    const response = await get(game.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      items: [],
      challenges: {},
      challengeCount: 0,
      timeLines: { all: [] },
      bloodBonus: 52459530,
    });
  });

  it('answers 404 for an unknown game and 400 before the start', async () => {
    const missing = await get(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ title: 'The game was not found', status: 404 });

    const future = await seedGame(server.app.db, {
      start: Date.now() + HOUR,
      end: Date.now() + 2 * HOUR,
    });
    const early = await get(future.id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ title: 'The game has not started', status: 400 });
  });

  it('serves the cached board until invalidated, then the recomputed one', async () => {
    const game = await seedGame(server.app.db);
    const c = await seedChallenge(server.app.db, game.id, { minScoreRate: 1 });
    const a = await seedTeam(server.app.db, game.id);
    const b = await seedTeam(server.app.db, game.id);
    await solve(server.app.db, {
      gameId: game.id,
      challengeId: c.id,
      team: a,
      time: game.start + 1,
    });
    const before = (await get(game.id)).json();
    expect(before.items.map((i: { score: number }) => i.score)).toEqual([1050, 0]);

    await solve(server.app.db, {
      gameId: game.id,
      challengeId: c.id,
      team: b,
      time: game.start + 2,
    });
    expect((await get(game.id)).json()).toEqual(before);

    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);
    const after = await get(game.id);
    expect(after.json().items.map((i: { score: number }) => i.score)).toEqual([1050, 1030]);
    expect(after.json().updateTimeUtc).toBeGreaterThanOrEqual(before.updateTimeUtc);

    await server.app.scoreboards.remove(game.id);
    expect((await get(game.id)).json().items).toHaveLength(2);
  });

  it('answers stored bytes: a strong ETag per encoding, no-cache, and 304 for a known tag', async () => {
    const game = await seedGame(server.app.db);
    const c = await seedChallenge(server.app.db, game.id);
    const team = await seedTeam(server.app.db, game.id);
    await solve(server.app.db, { gameId: game.id, challengeId: c.id, team, time: game.start + 1 });
    const url = `/api/game/${game.id}/scoreboard`;

    const plain = await get(game.id);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const tag = plain.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    const board = plain.json();

    const compressed = async (encoding: 'br' | 'gzip') => {
      const response = await caller(server.app)({
        method: 'GET',
        url,
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      const bytes = response.rawPayload;
      const text = (encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
      expect(JSON.parse(text)).toEqual(board);
      return response.headers.etag as string;
    };
    const brTag = await compressed('br');
    const gzipTag = await compressed('gzip');
    expect(new Set([tag, brTag, gzipTag]).size).toBe(3);

    const revalidated = await caller(server.app)({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': brTag },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(brTag);
    const weak = await caller(server.app)({
      method: 'GET',
      url,
      headers: { 'if-none-match': `W/${tag}` },
    });
    expect(weak.statusCode).toBe(304);

    // A change makes a new board with a new tag: the old tag now gets the new board.
    const other = await seedTeam(server.app.db, game.id);
    await solve(server.app.db, {
      gameId: game.id,
      challengeId: c.id,
      team: other,
      time: game.start + 2,
    });
    server.app.scoreboards.invalidate(game.id);
    await server.app.scoreboards.settle(game.id);
    const changed = await caller(server.app)({
      method: 'GET',
      url,
      headers: { 'if-none-match': tag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.json().items).toHaveLength(2);
  });

  it('answers 304 and 400 in that order only for started games; unknown ids build nothing', async () => {
    const future = await seedGame(server.app.db, {
      start: Date.now() + HOUR,
      end: Date.now() + 2 * HOUR,
    });
    // The warm-up builds boards of games about to start; they are still not shown before it.
    await server.app.scoreboards.get(future.id);
    const early = await get(future.id);
    expect(early.statusCode).toBe(400);
    expect(early.headers.etag).toBeUndefined();
    for (let i = 0; i < 5; i++) expect((await get(777_000 + i)).statusCode).toBe(404);
    for (let i = 0; i < 5; i++) expect(server.app.scoreboards.peek(777_000 + i)).toBeUndefined();
  });
});
