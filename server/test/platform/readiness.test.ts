// `/readyz` names each dependency's state: Redis (a redis-server of the test's own, stopped and
// started again) and the Docker engine (an address where nothing listens) are reported, and
// their outage leaves the instance ready but degraded (200), unready only when asked strictly.
// The database's outage (503) is tested in faults/postgresConnection.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#bench/event/vexilProcess.js';
import { hasRedisServer, startOwnRedis, type OwnRedis } from '../faults/support/ownRedis.js';
import { createTestApp, testConfig } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';

const redisAvailable = hasRedisServer();
if (!redisAvailable && process.env.CI) throw new Error('redis-server is required in CI');

describe.skipIf(!redisAvailable)('readiness with Redis', () => {
  let redis: OwnRedis;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await openTestDatabase('sqlite');
    app = await createTestApp(database, testConfig({ REDIS_URL: redis.url }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await redis?.close();
  });

  const ready = (url = '/readyz') => app.inject({ method: 'GET', url });

  it('says Redis is ok while it answers', async () => {
    await expect
      .poll(async () => (await ready()).json(), { timeout: 10_000 })
      .toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
    expect((await ready()).statusCode).toBe(200);
  });

  it('stays ready but degraded while Redis is stopped, unready when asked strictly', async () => {
    await redis.stop();
    try {
      const response = await ready();
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'unreachable' });
      const strict = await ready('/readyz?strict=true');
      expect(strict.statusCode).toBe(503);
      expect(strict.headers['retry-after']).toBe('5');
      expect(strict.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        redis: 'unreachable',
      });
    } finally {
      await redis.start();
    }
    // Back by itself once Redis answers (reconnects back off up to 2 s); bounded, not timed.
    await expect
      .poll(async () => (await ready('/readyz?strict=true')).statusCode, { timeout: 15_000 })
      .toBe(200);
  });
});

describe('readiness with a Docker engine configured', () => {
  it('says the engine is unreachable when nothing answers at DOCKER_HOST', async () => {
    const port = await freePort();
    const database = await openTestDatabase('sqlite');
    const app = await createTestApp(
      database,
      testConfig({ REDIS_URL: '', DOCKER_HOST: `tcp://127.0.0.1:${port}` }),
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        status: 'degraded',
        database: 'ok',
        docker: 'unreachable',
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
