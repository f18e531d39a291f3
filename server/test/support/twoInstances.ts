// Two app instances as two processes of one deployment would run: one throw-away PostgreSQL
// database, each instance with its own pool, the Redis of REDIS_URL, and one deployment folder
// (the deployment's name, which namespaces what they share in Redis, comes from it).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '#server/config.js';
import { openDatabase, type Database } from '#server/db/database.js';
import { createTestApp } from './app.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { REASON } from './skipReason.js';

/** Whether the suites can run here (in CI they must: a missing service fails them). */
export const twoInstancesReady =
  Boolean(process.env.DATABASE_URL && process.env.REDIS_URL) || Boolean(process.env.CI);
export const twoInstancesNeed = `${REASON.postgres}; ${REASON.redis}`;

export interface TwoInstances {
  one: FastifyInstance;
  two: FastifyInstance;
}

/**
 * Starts both before the suite's tests and closes them after; `config` makes each instance's
 * configuration from the shared settings. Read `one` and `two` once the suite runs.
 */
export function useTwoInstances(config: (env: Record<string, string>) => Config): TwoInstances {
  const instances = {} as TwoInstances;
  let database: TestDatabase | undefined;
  let second: Database | undefined;
  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL;
    if (!process.env.DATABASE_URL || !redisUrl) throw new Error('needs DATABASE_URL and REDIS_URL');
    database = await openTestDatabase('postgres');
    second = await openDatabase(database.openOptions);
    const shared = {
      VEXIL_DATA: mkdtempSync(join(tmpdir(), 'vexil-cluster-')),
      REDIS_URL: redisUrl,
    };
    instances.one = await createTestApp(database, config(shared));
    instances.two = await createTestApp({ ...database, ...second }, config(shared));
  });
  afterAll(async () => {
    await instances.one?.close();
    await instances.two?.close();
    await second?.close();
    await database?.close();
  });
  return instances;
}
