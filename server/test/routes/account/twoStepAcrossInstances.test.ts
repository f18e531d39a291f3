// Two-step sign-in on two instances of one deployment: the pending sign-in and the last accepted
// code live in the shared database, and the sign-in limits in the shared Redis, so the password on
// one instance and the code on the other sign in, the same code sent through both at once signs in
// once, and code guesses through both instances count together.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../support/app.js';
import { skipUnless } from '../../support/skipReason.js';
import {
  twoInstancesNeed,
  twoInstancesReady,
  useTwoInstances,
} from '../../support/twoInstances.js';
import { createAccount, sessionCookie } from './support.js';
import {
  codeAt,
  enrol,
  freshAddress,
  freshStep,
  passwordStep,
  secondStep,
  type Browser,
} from './twoStepSupport.js';

describe(
  'two-step sign-in on two instances [postgres]',
  skipUnless(twoInstancesReady, twoInstancesNeed),
  () => {
    const cluster = useTwoInstances((env) =>
      testConfig({
        VEXIL_LOGIN_LIMIT_ADDRESS: '4/300',
        VEXIL_LOGIN_LIMIT_ACCOUNT: '100/3600',
        ...env,
      }),
    );
    let one: FastifyInstance;
    let two: FastifyInstance;
    beforeAll(() => {
      ({ one, two } = cluster);
    });

    it('finishes on one instance a sign-in begun on the other', async () => {
      const user = await createAccount(one);
      const step = await freshStep();
      const { secret } = await enrol(one, user, step);
      const b: Browser = { address: freshAddress() };
      expect((await passwordStep(one, b, user.userName)).json()).toMatchObject({
        secondStep: { enrolRequired: false },
      });
      const done = await secondStep(two, b, { code: await codeAt(secret, step) });
      expect(done.statusCode, done.body).toBe(200);
      expect(sessionCookie(done)).toBeDefined();
    });

    it('signs in once when the same code goes through both instances at once', async () => {
      const user = await createAccount(one);
      const step = await freshStep();
      const { secret } = await enrol(one, user, step);
      const code = await codeAt(secret, step);
      const a: Browser = { address: freshAddress() };
      const b: Browser = { address: freshAddress() };
      await passwordStep(one, a, user.userName);
      await passwordStep(two, b, user.userName);
      const answers = await Promise.all([
        secondStep(one, a, { code }),
        secondStep(two, b, { code }),
        secondStep(two, a, { code }),
      ]);
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => sessionCookie(r))).toHaveLength(1);
    });

    it('counts guesses through both instances together', async () => {
      const user = await createAccount(one);
      const step = await freshStep();
      const { secret } = await enrol(one, user, step);
      const right = await codeAt(secret, step);
      const wrong = right === '000000' ? '999999' : '000000';
      const b: Browser = { address: freshAddress() };
      await passwordStep(one, b, user.userName);
      expect((await secondStep(one, b, { code: wrong })).statusCode).toBe(400);
      expect((await secondStep(two, b, { code: wrong })).statusCode).toBe(400);
      expect((await secondStep(one, b, { code: wrong })).statusCode).toBe(400);
      expect((await secondStep(two, b, { code: right })).statusCode).toBe(429);
    });
  },
);
