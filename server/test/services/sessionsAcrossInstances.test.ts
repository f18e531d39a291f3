// The session cache across two instances of one deployment (same database, same Redis): a logout,
// role change, ban or deletion made through one instance is seen by the other well within the
// cache's own life, so through the cluster events. Needs REDIS_URL (required in CI).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisClusterEvents } from '#server/services/clusterEventsRedis.js';
import { SESSION_CACHE_TTL_MS } from '#server/services/sessions.js';
import { caller, createTestApp, signIn, testConfig, type Caller } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { createAccount, PASSWORD, profileOf, sessionCookie } from '../routes/account/support.js';
import { REASON, skippedBecause } from '../support/skipReason.js';

const redisUrl = process.env.REDIS_URL;
/** Well below the cache's life: only an invalidation message explains a change seen this fast. */
const WITHIN_MS = Math.min(1_000, SESSION_CACHE_TTL_MS / 4);

if (!redisUrl) {
  if (process.env.CI) {
    describe('session cache across instances', () => {
      it('has a Redis server', () => {
        throw new Error('REDIS_URL is required in CI');
      });
    });
  } else {
    describe.skip('session cache across instances', skippedBecause(REASON.redis), () => {
      it('needs REDIS_URL', () => {});
    });
  }
} else {
  defineSuite(redisUrl);
}

function defineSuite(url: string): void {
  describeEachDatabase('session cache across instances', (getDb) => {
    let one: FastifyInstance;
    let two: FastifyInstance;
    let admin: Caller;
    beforeAll(async () => {
      const deployment = mkdtempSync(join(tmpdir(), 'vexil-sessions-'));
      const instance = () =>
        createTestApp(getDb(), testConfig({ VEXIL_DATA: deployment, REDIS_URL: url }));
      one = await instance();
      two = await instance();
      await Promise.all([one, two].map((app) => (app.clusterEvents as RedisClusterEvents).ready()));
      admin = await signIn(one, 'Admin');
    });
    afterAll(async () => {
      await one.close();
      await two.close();
    });

    /** A User signed in through `one`, whose session is cached on `two`. */
    async function cachedOnTwo() {
      const user = await createAccount(one);
      const login = await caller(one)({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: user.userName, password: PASSWORD },
      });
      const token = sessionCookie(login)?.value;
      expect(token).toBeDefined();
      const onTwo = caller(two, token);
      expect((await profileOf(onTwo)).statusCode).toBe(200);
      return { user, session: caller(one, token), onTwo };
    }

    const statusSoon = (call: Caller, url: string, expected: number) =>
      expect
        .poll(async () => (await call({ method: 'GET', url })).statusCode, {
          timeout: WITHIN_MS,
          interval: 20,
        })
        .toBe(expected);

    it('refuses a session on the other instance soon after its logout', async () => {
      const { session, onTwo } = await cachedOnTwo();
      expect((await session({ method: 'POST', url: '/api/account/logout' })).statusCode).toBe(200);
      await statusSoon(onTwo, '/api/account/profile', 401);
    });

    const setRoleOf = async (userId: string, role: string) =>
      expect(
        (await admin({ method: 'PUT', url: `/api/admin/users/${userId}`, payload: { role } }))
          .statusCode,
      ).toBe(200);

    it('reflects a promotion, a demotion and a ban on the other instance soon', async () => {
      const { user, onTwo } = await cachedOnTwo();
      const setRole = (role: string) => setRoleOf(user.id, role);
      expect((await onTwo({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(403);
      await setRole('Admin');
      await statusSoon(onTwo, '/api/admin/users', 200);
      await setRole('User');
      await statusSoon(onTwo, '/api/admin/users', 403);
      await setRole('Banned');
      await statusSoon(onTwo, '/api/account/profile', 403);
    });

    it('ends the sessions of a ban lifted through the other instance soon', async () => {
      const { user, session, onTwo } = await cachedOnTwo();
      await setRoleOf(user.id, 'Banned');
      await statusSoon(onTwo, '/api/account/profile', 403);
      await setRoleOf(user.id, 'User');
      await statusSoon(onTwo, '/api/account/profile', 401);
      expect((await session({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401);
    });

    it('signs a banned user out through either instance', async () => {
      const { user, session, onTwo } = await cachedOnTwo();
      await setRoleOf(user.id, 'Banned');
      await statusSoon(onTwo, '/api/account/profile', 403);
      await statusSoon(session, '/api/account/profile', 403);
      expect((await onTwo({ method: 'POST', url: '/api/account/logout' })).statusCode).toBe(200);
      await statusSoon(session, '/api/account/profile', 401);
    });

    it('refuses the sessions of a user deleted through the other instance soon', async () => {
      const { user, onTwo } = await cachedOnTwo();
      // Listing one's teams answers from the signed-in user alone (the profile re-reads the row).
      expect((await onTwo({ method: 'GET', url: '/api/team' })).statusCode).toBe(200);
      expect(
        (await admin({ method: 'DELETE', url: `/api/admin/users/${user.id}` })).statusCode,
      ).toBe(200);
      await statusSoon(onTwo, '/api/team', 401);
    });
  });
}
