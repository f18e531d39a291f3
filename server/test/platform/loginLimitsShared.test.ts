// Sign-in limits across instances: with Redis, the instances of one deployment share the
// failed sign-in counters, so guesses spread over instances are counted once; while Redis is
// unreachable each instance still counts on its own. Needs REDIS_URL (required in CI).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createTestApp, testConfig } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { createAccount, PASSWORD } from '../routes/account/support.js';
import { REASON, skippedBecause } from '../support/skipReason.js';

const redisUrl = process.env.REDIS_URL;

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('sqlite');
});
afterAll(() => database.close());

/** An instance of the deployment with 3 failures per account and address. */
const instance = (url: string) =>
  createTestApp(database, testConfig({ REDIS_URL: url, VEXIL_LOGIN_LIMIT_ADDRESS: '3/300' }));

const login = (app: FastifyInstance, userName: string, password: string, remoteAddress: string) =>
  caller(app)({
    method: 'POST',
    url: '/api/account/login',
    payload: { userName, password },
    remoteAddress,
  }).then((r) => r.statusCode);

if (!redisUrl) {
  if (process.env.CI) {
    describe('shared sign-in limits', () => {
      it('has a Redis server', () => {
        throw new Error('REDIS_URL is required in CI');
      });
    });
  } else {
    describe.skip('shared sign-in limits', skippedBecause(REASON.redis), () => {
      it('needs REDIS_URL', () => {});
    });
  }
} else {
  describe('shared sign-in limits', () => {
    let first: FastifyInstance;
    let second: FastifyInstance;
    beforeAll(async () => {
      first = await instance(redisUrl);
      second = await instance(redisUrl);
    });
    afterAll(() => Promise.all([first.close(), second.close()]));

    it('counts the failures of an account and address once across instances', async () => {
      const user = await createAccount(first);
      const address = '10.14.0.1';
      expect(await login(first, user.userName, 'Wrong1234', address)).toBe(401);
      expect(await login(second, user.userName, 'Wrong1234', address)).toBe(401);
      expect(await login(first, user.userName, 'Wrong1234', address)).toBe(401);
      expect(await login(second, user.userName, PASSWORD, address)).toBe(429);
      expect(await login(first, user.userName, PASSWORD, address)).toBe(429);
      // the owner elsewhere signs in on either instance
      expect(await login(second, user.userName, PASSWORD, '10.14.0.2')).toBe(200);
    });
  });
}

describe('sign-in limits with Redis unreachable', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await instance('redis://127.0.0.1:1');
  });
  afterAll(() => app.close());

  it('still counts failures, in memory', async () => {
    const user = await createAccount(app);
    for (let i = 0; i < 3; i++)
      expect(await login(app, user.userName, 'Wrong1234', '10.15.0.1')).toBe(401);
    expect(await login(app, user.userName, PASSWORD, '10.15.0.1')).toBe(429);
    expect(await login(app, user.userName, PASSWORD, '10.15.0.2')).toBe(200);
  });
});
