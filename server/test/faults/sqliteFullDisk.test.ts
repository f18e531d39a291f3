// Issue 13, finding 3: a full disk on SQLite answered a generic 500. The database file is capped
// at its current size (PRAGMA max_page_count: SQLite then fails exactly as on a full disk,
// SQLITE_FULL), so a submission cannot be stored: 507 with a clear message and Retry-After,
// logged once; once there is room again, submissions are stored and checked.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '#server/services/logStore.js';
import { createTestApp } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { playingTeam, waitForResult } from '../routes/game/support.js';

describe('a full disk on SQLite', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logs: LogEntry[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    app = await createTestApp(database);
    app.logStore.on('log', (entry: LogEntry) => logs.push(entry));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 507 with Retry-After, logs it once, and stores submissions again once there is room', async () => {
    const game = await createGame(app);
    const challenge = await createChallenge(app, game.id);
    const team = await playingTeam(app, game);
    const submit = () =>
      team.call({
        method: 'POST',
        url: `/api/game/${game.id}/challenges/${challenge.id}`,
        payload: { flag: challenge.flags[0] },
      });
    const { pages } = (
      await sql<{ pages: number }>`select page_count as pages from pragma_page_count()`.execute(
        app.db,
      )
    ).rows[0];
    await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(app.db);
    const stored = async () =>
      (
        await app.db
          .selectFrom('submissions')
          .select(sql<number>`count(*)`.as('n'))
          .where('game_id', '=', game.id)
          .executeTakeFirstOrThrow()
      ).n;
    try {
      // Fills what room is left (a page may have some), then every submission is refused.
      let full = 0;
      for (let i = 0; i < 400 && full < 3; i++) {
        const response = await submit();
        if (response.statusCode === 200) continue;
        expect(response.statusCode).toBe(507);
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json()).toEqual({ title: expect.stringMatching(/storage/), status: 507 });
        full++;
      }
      expect(full).toBe(3);
    } finally {
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(app.db);
    }
    const before = await stored();
    const response = await submit();
    expect(response.statusCode).toBe(200);
    expect(await stored()).toBe(Number(before) + 1);
    expect(await waitForResult(team.call, game.id, challenge.id, response.json())).not.toBe(
      'FlagSubmitted',
    );
    await app.flagChecker.idle();
    const unchecked = await app.db
      .selectFrom('submissions')
      .select('id')
      .where('game_id', '=', game.id)
      .where('status', '=', 'FlagSubmitted')
      .execute();
    expect(unchecked).toEqual([]);
    // Some writes still fit while it is full (another table's page has room): still one episode.
    expect(logs.filter((e) => /storage is full/.test(e.message))).toHaveLength(1);
    // Over once writes have gone through for a quiet moment (bounded wait, not a timing).
    await expect
      .poll(() => logs.filter((e) => /works again/.test(e.message)).length, { timeout: 15_000 })
      .toBe(1);
    expect(logs.filter((e) => e.exception !== null)).toEqual([]);
  });
});
