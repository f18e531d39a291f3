// The cluster lock (issue 16) between two apps of one deployment: a job one instance runs is not
// run by the other meanwhile; a periodic job's hold keeps it to one run per period; a holder that
// dies stops blocking after the lock's life. Over Redis with REDIS_URL, else (PostgreSQL alone)
// an advisory lock; on SQLite the lock is always the instance's own.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.js';
import {
  PostgresClusterLock,
  RedisClusterLock,
  type ClusterLock,
} from '#server/services/cluster/clusterLock.js';
import { createTestApp, testConfig } from '../support/app.js';
import { describeEachDatabase, openTestDatabase, type TestDatabase } from '../support/databases.js';
import { REASON, skipUnless } from '../support/skipReason.js';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const redisUrl = process.env.REDIS_URL;

/** A job that runs until `release` is called. */
function heldJob() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { job: () => done, release };
}

/** The lock's contract, for any pair of instances. */
function contract(locks: () => [ClusterLock, ClusterLock]) {
  it('runs a job on one instance at a time', async () => {
    const [one, two] = locks();
    const name = `job-${Math.random()}`;
    const held = heldJob();
    const first = one.runExclusive(name, held.job);
    await sleep(50);
    let ran = false;
    expect(await two.runExclusive(name, async () => void (ran = true))).toBe(false);
    expect(ran).toBe(false);
    held.release();
    expect(await first).toBe(true);
    expect(await two.runExclusive(name, async () => void (ran = true))).toBe(true);
    expect(ran).toBe(true);
  });

  it('releases the lock when the job throws', async () => {
    const [one, two] = locks();
    const name = `job-${Math.random()}`;
    await expect(one.runExclusive(name, () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await two.runExclusive(name, async () => {})).toBe(true);
  });
}

describeEachDatabase('the cluster lock of two apps', (getDb) => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let second: Database | undefined;
  beforeAll(async () => {
    const deployment = mkdtempSync(join(tmpdir(), 'vexil-lock-'));
    const config = () => testConfig({ VEXIL_DATA: deployment });
    one = await createTestApp(getDb(), config());
    if (getDb().dialect === 'postgres') second = await openDatabase(getDb().openOptions);
    two = await createTestApp(second ? { ...getDb(), ...second } : getDb(), config());
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await second?.close();
  });

  it('is always the instance’s own on SQLite (one instance)', async () => {
    if (getDb().dialect !== 'sqlite') return;
    const held = heldJob();
    const first = one.clusterLock.runExclusive('job', held.job);
    expect(await two.clusterLock.runExclusive('job', async () => {})).toBe(true);
    held.release();
    await first;
  });

  it('runs a job on one of the apps at a time on PostgreSQL', async () => {
    if (getDb().dialect !== 'postgres') return;
    const held = heldJob();
    const first = one.clusterLock.runExclusive('app-job', held.job);
    await sleep(50);
    expect(await two.clusterLock.runExclusive('app-job', async () => {})).toBe(false);
    held.release();
    expect(await first).toBe(true);
    expect(await two.clusterLock.runExclusive('app-job', async () => {})).toBe(true);
  });
});

describe(
  'the PostgreSQL advisory lock',
  skipUnless(Boolean(process.env.DATABASE_URL) || Boolean(process.env.CI), REASON.postgres),
  () => {
    let database: TestDatabase;
    let other: Database;
    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      other = await openDatabase(database.openOptions);
    });
    afterAll(async () => {
      await other?.close();
      await database?.close();
    });
    contract(() => [new PostgresClusterLock(database.db), new PostgresClusterLock(other.db)]);
  },
);

describe(
  'the Redis lock',
  skipUnless(Boolean(redisUrl) || Boolean(process.env.CI), REASON.redis),
  () => {
    const clients: Redis[] = [];
    const namespace = `test-${Math.random().toString(36).slice(2)}`;
    const lock = (instanceId: string, ttlMs?: number) => {
      const client = new Redis(redisUrl!);
      clients.push(client);
      return new RedisClusterLock(client, { namespace, instanceId, ttlMs });
    };
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.quit()));
    });
    contract(() => [lock('one'), lock('two')]);

    it('keeps a long job’s lock alive past its life', async () => {
      const one = lock('one', 300);
      const two = lock('two', 300);
      const held = heldJob();
      const first = one.runExclusive('long', held.job);
      await sleep(800);
      expect(await two.runExclusive('long', async () => {})).toBe(false);
      held.release();
      await first;
    });

    it('runs a periodic job once per period: the hold outlives the job', async () => {
      const one = lock('one');
      const two = lock('two');
      expect(await one.runExclusive('period', async () => {}, { minHoldMs: 500 })).toBe(true);
      expect(await two.runExclusive('period', async () => {}, { minHoldMs: 500 })).toBe(false);
      await sleep(600);
      expect(await two.runExclusive('period', async () => {}, { minHoldMs: 500 })).toBe(true);
    });

    it('stops blocking once a dead holder’s lock lapsed', async () => {
      const raw = new Redis(redisUrl!);
      clients.push(raw);
      // Taken by an instance that was killed: nobody renews or releases it.
      await raw.set(`vexil:lock:${namespace}:orphan`, 'killed:1', 'PX', 400);
      const two = lock('two');
      expect(await two.runExclusive('orphan', async () => {})).toBe(false);
      await sleep(500);
      expect(await two.runExclusive('orphan', async () => {})).toBe(true);
    });
  },
);
