// Boards built in the worker thread, on each database: the same bytes as the model serialised on
// the main thread, with gzip and brotli forms and the parts /details needs; an unknown game is
// "no board", and the thread closes its connection with the builder.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadScoreboardInput } from '#server/services/scoreboard/compute.js';
import { buildScoreboard } from '#server/domain/scoring/scoreboard.js';
import { etagOf } from '#server/services/scoreboard/boardBytes.js';
import { WorkerBoardBuilder } from '#server/services/scoreboard/builder.js';
import { describeEachDatabase, type TestDatabase } from '../../support/databases.js';
import {
  MINUTE,
  seedChallenge,
  seedGame,
  seedTeam,
  solve,
} from '../../routes/game/scoreboardFixtures.js';

describeEachDatabase('boards built in the worker thread', (getDb) => {
  let database: TestDatabase;
  let builder: WorkerBoardBuilder;
  beforeAll(() => {
    database = getDb();
    builder = new WorkerBoardBuilder(database.source);
  });
  afterAll(() => builder.close());

  it('writes the board as the main thread would, in three encodings', async () => {
    const { db } = database;
    const game = await seedGame(db, { divisions: ['Open', 'Pro'] });
    const web = await seedChallenge(db, game.id, { title: 'web', category: 'Web' });
    const pwn = await seedChallenge(db, game.id, { title: 'pwn', category: 'Pwn' });
    const teams = [];
    for (let i = 0; i < 6; i++) {
      teams.push(await seedTeam(db, game.id, { division: i % 2 ? 'Open' : 'Pro' }));
    }
    for (const [i, team] of teams.entries()) {
      await solve(db, {
        gameId: game.id,
        challengeId: web.id,
        team,
        time: game.start + i * MINUTE,
      });
      if (i % 3 === 0) {
        await solve(db, { gameId: game.id, challengeId: pwn.id, team, time: game.start + i });
      }
    }
    const version = Date.now();
    const board = (await builder.build(game.id, version))!;
    const loaded = (await loadScoreboardInput(db, game.id, version))!;
    const model = buildScoreboard(loaded.input);

    expect(board.json.toString('utf8')).toBe(JSON.stringify(model));
    expect(gunzipSync(board.gzip).equals(board.json)).toBe(true);
    expect(brotliDecompressSync(board.br).equals(board.json)).toBe(true);
    expect(board).toMatchObject({ gameId: game.id, version, startTime: game.start });
    expect(board.challengeCount).toBe(2);
    expect(JSON.parse(board.challengesJson)).toEqual(model.challenges);
    expect(board.rows.size).toBe(6);
    for (const item of model.items) expect(JSON.parse(board.rows.get(item.id)!)).toEqual(item);
    expect(etagOf(board, 'br')).not.toBe(etagOf(board, 'gzip'));

    // Same rows, same bytes and tag; a later build at another version differs.
    const again = (await builder.build(game.id, version))!;
    expect(again.etag).toBe(board.etag);
    expect((await builder.build(game.id, version + 1))!.etag).not.toBe(board.etag);
  });

  it('reads only the solves accepted since its last build of the game', async () => {
    const { db } = database;
    const game = await seedGame(db);
    const challenge = await seedChallenge(db, game.id);
    const teams = [];
    for (let i = 0; i < 5; i++) teams.push(await seedTeam(db, game.id));
    for (const team of teams.slice(0, 4)) {
      await solve(db, { gameId: game.id, challengeId: challenge.id, team, time: game.start + 1 });
    }
    const first = (await builder.build(game.id, Date.now()))!;
    expect(first.read).toEqual({ full: true, rows: 4 });
    await solve(db, {
      gameId: game.id,
      challengeId: challenge.id,
      team: teams[4],
      time: game.start + 2,
    });
    const second = (await builder.build(game.id, Date.now() + 1))!;
    expect(second.read?.full).toBe(false);
    expect(
      JSON.parse(second.json.toString()).items.map((i: { solvedCount: number }) => i.solvedCount),
    ).toEqual([1, 1, 1, 1, 1]);
  });

  it('answers no board for a game that does not exist', async () => {
    expect(await builder.build(987_654, Date.now())).toBeUndefined();
  });
});
