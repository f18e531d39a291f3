// Boards built in the worker thread, on each database: the same bytes as the model serialised on
// the main thread, with gzip and brotli forms and the parts /details needs; an unknown game is
// "no board", and the thread closes its connection with the builder.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadScoreboardInput } from '#server/services/scoreboard/compute.js';
import { buildScoreboard } from '#server/domain/scoring/scoreboard.js';
import { etagOf, rowCount, rowOf } from '#server/services/scoreboard/boardBytes.js';
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
    expect(rowCount(board)).toBe(6);
    for (const item of model.items) expect(JSON.parse(rowOf(board, item.id)!)).toEqual(item);
    expect(rowOf(board, 987_654)).toBeUndefined();
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
    expect(first.read).toMatchObject({ full: true, rows: 4, rowsWritten: 5 });
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

  it('writes again only the team rows that changed since its last build', async () => {
    const { db } = database;
    const game = await seedGame(db);
    const challenge = await seedChallenge(db, game.id);
    const teams = [];
    for (let i = 0; i < 3; i++) teams.push(await seedTeam(db, game.id));
    await solve(db, {
      gameId: game.id,
      challengeId: challenge.id,
      team: teams[0],
      time: game.start,
    });
    const rowsOf = (board: { json: Buffer }) =>
      (JSON.parse(board.json.toString()) as { items: { name: string; score: number }[] }).items;
    const first = (await builder.build(game.id, Date.now()))!;
    expect(first.read?.rowsWritten).toBe(3);

    // nothing changed: every row is the previous build's text
    const same = (await builder.build(game.id, Date.now() + 1))!;
    expect(same.read?.rowsWritten).toBe(0);
    expect(rowsOf(same)).toEqual(rowsOf(first));

    // a renamed team: its row alone is written again, and shows the new name
    await db
      .updateTable('teams')
      .set({ name: 'Renamed' })
      .where('id', '=', teams[2].teamId)
      .execute();
    const renamed = (await builder.build(game.id, Date.now() + 2))!;
    expect(renamed.read?.rowsWritten).toBe(1);
    expect(rowsOf(renamed).map((row) => row.name)).toContain('Renamed');

    // a second solver of the challenge: its row, and the first solver's (the challenge's score
    // decays for it too); the third team's row stays
    await solve(db, {
      gameId: game.id,
      challengeId: challenge.id,
      team: teams[1],
      time: game.start + 1,
    });
    const version = Date.now() + 3;
    const solved = (await builder.build(game.id, version))!;
    expect(solved.read?.rowsWritten).toBe(2);
    expect(rowsOf(solved)[0].score).toBeLessThan(rowsOf(renamed)[0].score);
    // the same rows as a board built from nothing
    const fromNothing = buildScoreboard((await loadScoreboardInput(db, game.id, version))!.input);
    expect(rowsOf(solved)).toEqual(fromNothing.items);
  });

  it('answers no board for a game that does not exist', async () => {
    expect(await builder.build(987_654, Date.now())).toBeUndefined();
  });
});
