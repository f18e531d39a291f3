// Organisers require a second step of Admin and Monitor accounts (AccountPolicy
// `requireSecondStepForStaff`): such an account without one is sent, after its password, to enrol
// an authenticator app before it gets a session. Administrators reset a user's second step from
// the console (logged under their name).
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENROL_FIRST, REQUIRED_FOR_ROLE } from '#server/routes/account/twoStep.js';
import type { Role } from '#server/db/tables/accounts.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createAccount, sessionCookie, setAccountPolicy, signedInCaller } from './support.js';
import {
  codeAt,
  enrol,
  freshAddress,
  freshStep,
  passwordStep,
  secondStep,
  type Browser,
} from './twoStepSupport.js';

const browser = (): Browser => ({ address: freshAddress() });
const ENROL = '/api/account/login/second-step/enrol';
const ENROL_CONFIRM = '/api/account/login/second-step/enrol/confirm';

describeEachDatabase('a second step required for staff', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');
  let app: FastifyInstance;
  beforeAll(async () => {
    app = server.app;
  });

  const staff = (role: Role) => createAccount(app, { role });

  describe('with the setting on', () => {
    beforeAll(async () => {
      const saved = await admin({
        method: 'PUT',
        url: '/api/admin/config',
        payload: {
          accountPolicy: {
            allowRegister: true,
            activeOnRegister: true,
            useCaptcha: false,
            emailConfirmationRequired: false,
            emailDomainList: '',
            requireSecondStepForStaff: true,
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    for (const role of ['Admin', 'Monitor'] as const) {
      it(`sends ${role === 'Admin' ? 'an Admin' : 'a Monitor'} without one to enrol before any session`, async () => {
        const user = await staff(role);
        const b = browser();
        const asked = await passwordStep(app, b, user.userName);
        expect(asked.statusCode).toBe(200);
        expect(asked.json()).toEqual({ secondStep: { methods: [], enrolRequired: true } });
        expect(sessionCookie(asked)).toBeUndefined();
        // No code can finish it, and the profile's operations need a session.
        const code = await secondStep(app, b, { code: '123456' });
        expect(code.json()).toEqual({ title: ENROL_FIRST, status: 400 });

        const started = await secondStep(app, b, {}, ENROL);
        expect(started.statusCode, started.body).toBe(200);
        const { secret, uri } = started.json() as { secret: string; uri: string };
        expect(uri).toMatch(/^otpauth:\/\/totp\//);
        const step = await freshStep();
        const wrong = await secondStep(
          app,
          b,
          { code: '000000' === (await codeAt(secret, step)) ? '111111' : '000000' },
          ENROL_CONFIRM,
        );
        expect(wrong.statusCode).toBe(400);
        expect(sessionCookie(wrong)).toBeUndefined();
        const confirmed = await secondStep(
          app,
          b,
          { code: await codeAt(secret, step) },
          ENROL_CONFIRM,
        );
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect((confirmed.json() as { codes: string[] }).codes).toHaveLength(10);
        const call = signedInCaller(app, confirmed);
        const status = await call({ method: 'GET', url: '/api/account/two-step' });
        expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, required: true });
        // It cannot be turned off while required.
        const off = await call({
          method: 'POST',
          url: '/api/account/two-step/totp/disable',
          payload: { code: await codeAt(secret, step + 1) },
        });
        expect(off.json()).toEqual({ title: REQUIRED_FOR_ROLE, status: 400 });
        // The next sign-in asks for a code.
        const next = browser();
        expect((await passwordStep(app, next, user.userName)).json()).toEqual({
          secondStep: { methods: ['Totp', 'RecoveryCode'], enrolRequired: false },
        });
      });
    }

    it('leaves players signing in with their password', async () => {
      const user = await staff('User');
      const response = await passwordStep(app, browser(), user.userName);
      expect(response.body).toBe('');
      signedInCaller(app, response);
    });

    it('refuses the enrolment operations without a pending enrolment', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { secret } = await enrol(app, user, step);
      const b = browser();
      await passwordStep(app, b, user.userName);
      expect((await secondStep(app, b, {}, ENROL)).statusCode).toBe(400);
      expect((await secondStep(app, browser(), {}, ENROL)).statusCode).toBe(401);
      expect(
        (await secondStep(app, b, { code: await codeAt(secret, step) }, ENROL_CONFIRM)).statusCode,
      ).toBe(400);
    });
  });

  describe('the setting', () => {
    it('is off by default and kept by a save that does not send it', async () => {
      await setAccountPolicy(app, { requireSecondStepForStaff: false });
      const read = await admin({ method: 'GET', url: '/api/admin/config' });
      expect(read.json().accountPolicy.requireSecondStepForStaff).toBe(false);
      await setAccountPolicy(app, { requireSecondStepForStaff: true });
      // The reference client's save does not know the field.
      const saved = await admin({
        method: 'PUT',
        url: '/api/admin/config',
        payload: {
          accountPolicy: {
            allowRegister: true,
            activeOnRegister: true,
            useCaptcha: false,
            emailConfirmationRequired: false,
            emailDomainList: '',
          },
        },
      });
      expect(saved.statusCode).toBe(200);
      const after = await admin({ method: 'GET', url: '/api/admin/config' });
      expect(after.json().accountPolicy.requireSecondStepForStaff).toBe(true);
      await setAccountPolicy(app, { requireSecondStepForStaff: false });
    });
  });

  describe("an administrator's reset", () => {
    it("removes the user's second step and logs who did it", async () => {
      await setAccountPolicy(app, { requireSecondStepForStaff: false });
      const user = await createAccount(app);
      await enrol(app, user, await freshStep());
      const b = browser();
      await passwordStep(app, b, user.userName);
      const reset = await admin({ method: 'DELETE', url: `/api/admin/users/${user.id}/two-step` });
      expect(reset.statusCode, reset.body).toBe(200);
      // The pending sign-in went with it; the password alone signs in now.
      expect((await secondStep(app, b, { code: '123456' })).statusCode).toBe(401);
      expect((await passwordStep(app, browser(), user.userName)).body).toBe('');

      const adminName = (await admin({ method: 'GET', url: '/api/account/profile' })).json()
        .userName as string;
      await app.logStore.flush();
      const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
      expect(logs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            msg: `Reset the second step of ${user.userName}`,
            name: adminName,
            status: 'Success',
          }),
        ]),
      );
    });

    it('is for administrators only, and 404 for an unknown user', async () => {
      const user = await createAccount(app);
      const monitor = server.as('Monitor');
      const url = `/api/admin/users/${user.id}/two-step`;
      expect((await monitor({ method: 'DELETE', url })).statusCode).toBe(403);
      expect((await caller(app)({ method: 'DELETE', url })).statusCode).toBe(401);
      const unknown = await admin({
        method: 'DELETE',
        url: '/api/admin/users/0190a000-0000-7000-8000-000000000000/two-step',
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
