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
  /** Starts one more instance of the deployment, with its own pool; closed after the suite. */
  another(): Promise<FastifyInstance>;
}

/**
 * Starts both before the suite's tests and closes them after; `config` makes each instance's
 * configuration from the shared settings. Read `one` and `two` once the suite runs.
 */
export function useTwoInstances(config: (env: Record<string, string>) => Config): TwoInstances {
  let database: TestDatabase | undefined;
  let shared: Record<string, string> = {};
  const pools: Database[] = [];
  const more: FastifyInstance[] = [];
  const withOwnPool = async () => {
    if (!database) throw new Error('The instances start in beforeAll: ask inside a hook or test');
    const pool = await openDatabase(database.openOptions);
    pools.push(pool);
    return createTestApp({ ...database, ...pool }, config(shared));
  };
  const instances: TwoInstances = {
    one: undefined as unknown as FastifyInstance,
    two: undefined as unknown as FastifyInstance,
    async another() {
      const app = await withOwnPool();
      more.push(app);
      return app;
    },
  };
  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL;
    if (!process.env.DATABASE_URL || !redisUrl) throw new Error('needs DATABASE_URL and REDIS_URL');
    database = await openTestDatabase('postgres');
    shared = {
      VEXIL_DATA: mkdtempSync(join(tmpdir(), 'vexil-cluster-')),
      REDIS_URL: redisUrl,
    };
    instances.one = await createTestApp(database, config(shared));
    instances.two = await withOwnPool();
  });
  afterAll(async () => {
    await instances.one?.close();
    await instances.two?.close();
    for (const app of more) await app.close();
    for (const pool of pools) await pool.close();
    await database?.close();
  });
  return instances;
}
