// Issue 13, findings 1 and 3, in process: what a lost PostgreSQL connection does to the app. The
// shared PostgreSQL of DATABASE_URL is never stopped: its backends are terminated one by one
// (pg_terminate_backend, the 57P01 of a restart), and the app reaches it through a relay the test
// severs to make it unreachable for the app alone.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.js';
import { insertSubmission } from '#server/db/repositories/submissions.js';
import { FlagChecker } from '#server/services/flagChecker.js';
import type { LogEntry } from '#server/services/logStore.js';
import { caller, createTestApp, testConfig } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import type { TestDatabase } from '../support/databases.js';
import { playingTeam } from '../routes/game/support.js';
import { startSeverableProxy, type SeverableProxy } from './support/severableProxy.js';
import { REASON, skipUnless } from '../support/skipReason.js';

const adminUrl = process.env.DATABASE_URL;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function adminQuery<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const ready = Boolean(adminUrl) || Boolean(process.env.CI);

describe('lost PostgreSQL connections', skipUnless(ready, REASON.postgres), () => {
  const name = `vexil_test_${randomBytes(6).toString('hex')}`;
  let directUrl: string;
  let proxy: SeverableProxy;
  let database: Database;
  let app: FastifyInstance;
  const logs: LogEntry[] = [];

  beforeAll(async () => {
    if (!adminUrl) throw new Error('DATABASE_URL is required in CI');
    await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    directUrl = url.toString();
    proxy = await startSeverableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const openOptions = { dataDir: ':memory:', databaseUrl: proxy.through(directUrl) };
    database = await openDatabase(openOptions);
    const testDatabase: TestDatabase = { ...database, openOptions, close: database.close };
    app = await createTestApp(testDatabase, testConfig({ VEXIL_LOG_LEVEL: 'silent' }));
    app.logStore.on('log', (entry: LogEntry) => logs.push(entry));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    if (adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('survives its connection being terminated while it holds it between two queries', async () => {
    let pid = 0;
    const transaction = database.db.transaction().execute(async (trx) => {
      pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      // The connection is checked out with no query running: what a restart finds most often.
      await adminQuery(directUrl, 'select pg_terminate_backend($1)', [pid]);
      await sleep(200);
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    // The pool dropped the dead connection: the next query gets a new one.
    const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    expect(again.rows[0].pid).not.toBe(pid);
  });

  it('answers 503 with Retry-After while unreachable, logs the outage once, and recovers', async () => {
    const call = caller(app);
    // An outage of the test before ends once 2 s passed without a failure; this one is new.
    await expect.poll(() => app.database.health.current, { timeout: 15_000 }).toBeNull();
    const before = logs.length;
    await proxy.sever();
    try {
      for (let i = 0; i < 5; i++) {
        const response = await call({ method: 'GET', url: '/api/game' });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json()).toEqual({ title: expect.any(String), status: 503 });
      }
      const ready = await call({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
      const live = await call({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok', database: 'unreachable' });
    } finally {
      await proxy.restore();
    }
    // Back by itself (the probe asks every second); bounded, not timed.
    await expect
      .poll(async () => (await call({ method: 'GET', url: '/api/game' })).statusCode, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(200);
    const since = (pattern: RegExp) => logs.slice(before).filter((e) => pattern.test(e.message));
    await expect.poll(() => since(/works again/).length, { timeout: 15_000 }).toBe(1);
    expect(since(/unreachable/)).toHaveLength(1);
    const lines = logs.slice(before);
    expect(lines.filter((e) => e.exception !== null)).toEqual([]);
    expect((await call({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('checks, once the database is back, a submission stored just before its request failed', async () => {
    const game = await createGame(app);
    const challenge = await createChallenge(app, game.id);
    const team = await playingTeam(app, game);
    const user = team.members[0].user;
    // Stored, but never queued: its request failed after the insert committed.
    const id = await insertSubmission(app.db, {
      gameId: game.id,
      challengeId: challenge.id,
      participationId: team.registration.id,
      userId: user.id,
      userName: user.userName,
      answer: 'flag{wrong}',
      now: Date.now(),
    });
    await proxy.sever();
    try {
      expect((await caller(app)({ method: 'GET', url: '/api/game' })).statusCode).toBe(503);
    } finally {
      await proxy.restore();
    }
    const status = async () =>
      (
        await app.db
          .selectFrom('submissions')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    // Nobody queues it: the checker lists what is unchecked when the outage ends.
    await expect.poll(status, { timeout: 15_000, interval: 100 }).toBe('WrongAnswer');
  });

  it('keeps retrying a check whose connection was lost mid-transaction until it is checked', async () => {
    // The app's own checker stands aside: this one counts its failures.
    await app.flagChecker.stop();
    const game = await createGame(app);
    const challenge = await createChallenge(app, game.id);
    const team = await playingTeam(app, game);
    const user = team.members[0].user;
    const id = await insertSubmission(app.db, {
      gameId: game.id,
      challengeId: challenge.id,
      participationId: team.registration.id,
      userId: user.id,
      userName: user.userName,
      answer: challenge.flags[0],
      now: Date.now(),
    });
    const failures: number[] = [];
    const checker = new FlagChecker(
      { db: app.db, realtime: app.realtime, scoreboards: app.scoreboards },
      { workers: 1, onError: (_ids, count) => failures.push(count) },
    );
    // Another session holds the submission's row: the check waits inside its transaction.
    const holder = new pg.Client({ connectionString: directUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from submissions where id = $1 for update', [id]);
      await checker.start();
      // Queued as the submit route does: a start's claiming skips a row another session has
      // locked (it is being checked elsewhere), so it would not find this one.
      checker.enqueue(id);
      let waiting: number | undefined;
      await expect
        .poll(
          async () => {
            const rows = await adminQuery<{ pid: number }>(
              directUrl,
              `select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
              [name],
            );
            waiting = rows[0]?.pid;
            return waiting;
          },
          { timeout: 15_000, interval: 50 },
        )
        .toBeDefined();
      // Its connection is terminated mid-transaction, and the database stays unreachable for
      // longer than the three tries the checker used to give a batch.
      await adminQuery(directUrl, 'select pg_terminate_backend($1)', [waiting]);
      await proxy.sever();
      await holder.query('rollback');
      await expect
        .poll(() => failures.length, { timeout: 20_000, interval: 50 })
        .toBeGreaterThan(3);
      expect(failures).toEqual(failures.map((_, i) => i + 1));
      await proxy.restore();
      await checker.idle();
    } finally {
      await proxy.restore();
      await holder.end();
      await checker.stop();
      await app.flagChecker.start();
    }
    const submission = await app.db
      .selectFrom('submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(submission.status).toBe('Accepted');
    const counts = await app.db
      .selectFrom('challenges')
      .select(['accepted_count', 'submission_count'])
      .where('id', '=', challenge.id)
      .executeTakeFirstOrThrow();
    expect(counts).toEqual({ accepted_count: 1, submission_count: 1 });
    const events = await app.db
      .selectFrom('game_events')
      .select('id')
      .where('game_id', '=', game.id)
      .where('type', '=', 'FlagSubmit')
      .execute();
    expect(events).toHaveLength(1);
  });
});
