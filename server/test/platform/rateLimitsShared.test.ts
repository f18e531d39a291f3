// Rate limits across instances: with Redis, the instances of one deployment share their counters
// (namespaced by the deployment's database), each limit keeps its own count, and while Redis is
// unreachable each instance counts in process instead of failing requests or letting all of them
// through. Needs REDIS_URL (required in CI); the unreachable case does not.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { REASON, skippedBecause } from '../support/skipReason.js';

const redisUrl = process.env.REDIS_URL;

let database: TestDatabase;
let otherDatabase: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('sqlite');
  otherDatabase = await openTestDatabase('sqlite');
});
afterAll(async () => {
  await database.close();
  await otherDatabase.close();
});

/** An instance of the deployment on `db`, with tight limits. */
const instance = (db: TestDatabase, url: string) =>
  createTestApp(
    db,
    testConfig({
      REDIS_URL: url,
      VEXIL_RATE_LIMIT: 'on',
      VEXIL_RATE_LIMIT_GLOBAL: '100/60',
      VEXIL_RATE_LIMIT_QUERY: '3/60',
    }),
  );

const listGames = (app: FastifyInstance, remoteAddress = '10.1.0.1') =>
  app.inject({ method: 'GET', url: '/api/game', remoteAddress }).then((r) => r.statusCode);

if (!redisUrl) {
  if (process.env.CI) {
    describe('shared rate limits', () => {
      it('has a Redis server', () => {
        throw new Error('REDIS_URL is required in CI');
      });
    });
  } else {
    describe.skip('shared rate limits', skippedBecause(REASON.redis), () => {
      it('needs REDIS_URL', () => {});
    });
  }
} else {
  describe('shared rate limits', () => {
    const apps: FastifyInstance[] = [];
    let first: FastifyInstance;
    let second: FastifyInstance;
    let otherDeployment: FastifyInstance;
    beforeAll(async () => {
      first = await instance(database, redisUrl);
      second = await instance(database, redisUrl);
      otherDeployment = await instance(otherDatabase, redisUrl);
      apps.push(first, second, otherDeployment);
    });
    afterAll(() => Promise.all(apps.map((app) => app.close())));

    it('counts a client once across the instances of a deployment', async () => {
      expect(await listGames(first)).toBe(200);
      expect(await listGames(second)).toBe(200);
      // each limit counts on its own: the global limit's count does not use up the query limit
      expect(await listGames(first)).toBe(200);
      expect(await listGames(second)).toBe(429);
      expect(await listGames(first)).toBe(429);
      // other limits, other clients and other deployments are not affected
      expect(
        (await first.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.1.0.1' }))
          .statusCode,
      ).toBe(200);
      expect(await listGames(second, '10.1.0.2')).toBe(200);
      expect(await listGames(otherDeployment)).toBe(200);
    });
  });
}

describe('rate limits with Redis unreachable', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await instance(database, 'redis://127.0.0.1:1');
  });
  afterAll(() => app.close());

  it('counts in process rather than failing requests or letting them all through', async () => {
    for (let i = 0; i < 3; i++) expect(await listGames(app, '10.2.0.1')).toBe(200);
    expect(await listGames(app, '10.2.0.1')).toBe(429);
    expect(await listGames(app, '10.2.0.2')).toBe(200);
  });
});
