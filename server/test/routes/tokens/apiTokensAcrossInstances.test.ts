// Personal API tokens on two instances of one deployment (PostgreSQL + Redis): a revocation or a
// password change through one instance ends the token on the other at once, although the other
// had it cached (the cluster events drop it there).
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { caller, testConfig, type Caller } from '../../support/app.js';
import { skipUnless } from '../../support/skipReason.js';
import {
  twoInstancesNeed,
  twoInstancesReady,
  useTwoInstances,
} from '../../support/twoInstances.js';
import { createAccount, PASSWORD } from '../account/support.js';
import { bearer, makeToken } from './support.js';

describe(
  'API tokens on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances(testConfig);
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => {
      ({ one, two } = cluster);
    });

    const owner = async (): Promise<Caller> => {
      const user = await createAccount(one);
      const { token } = await createSession(one.db, user.id, { ip: '127.0.0.1', now: Date.now() });
      return caller(one, token);
    };
    const profileStatus = async (call: Caller) =>
      (await call({ method: 'GET', url: '/api/account/profile' })).statusCode;

    it('a revocation on one instance is seen by the other at once', async () => {
      const session = await owner();
      const token = await makeToken(session, { scope: 'Play' });
      // Both instances hold the token in their caches.
      expect(await profileStatus(bearer(one, token.secret))).toBe(200);
      expect(await profileStatus(bearer(two, token.secret))).toBe(200);
      const revoked = await session({ method: 'DELETE', url: `/api/account/tokens/${token.id}` });
      expect(revoked.statusCode).toBe(200);
      expect(await profileStatus(bearer(one, token.secret))).toBe(401);
      // Within the cache's 5 s life, so only the cluster event can end it there this soon.
      await expect
        .poll(() => profileStatus(bearer(two, token.secret)), { timeout: 2_000 })
        .toBe(401);
    });

    it('a password change on one instance ends the token on the other', async () => {
      const session = await owner();
      const token = await makeToken(session, { scope: 'Read' });
      expect(await profileStatus(bearer(two, token.secret))).toBe(200);
      const changed = await session({
        method: 'PUT',
        url: '/api/account/changepassword',
        payload: { old: PASSWORD, new: 'Another123!' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      await expect
        .poll(() => profileStatus(bearer(two, token.secret)), { timeout: 2_000 })
        .toBe(401);
    });
  },
);
