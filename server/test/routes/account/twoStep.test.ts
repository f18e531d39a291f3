// Two-step sign-in with an authenticator app (issue 26, item 3): enrolment, the second step after
// the password, replay of codes, recovery codes, the pending sign-in's lifetime and cookie, and
// the sign-in limits counting code guesses. Codes are computed with otplib, as an app would.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_USED,
  ONE_OF_CODE_OR_RECOVERY,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from '#server/routes/account/twoStep.js';
import { NO_PENDING_SIGN_IN } from '#server/services/secondStep/index.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApps } from '../../support/harness.js';
import { createAccount, PASSWORD, sessionCookie, signedInCaller } from './support.js';
import {
  codeAt,
  enrol,
  freshAddress,
  freshStep,
  passwordStep,
  pendingCookie,
  secondStep,
  type Browser,
} from './twoStepSupport.js';

const browser = (): Browser => ({ address: freshAddress() });

describeEachDatabase('two-step sign-in with an authenticator app', (getDb) => {
  const startApp = useTestApps(getDb);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(testConfig());
  });

  it('signs an account without a second step in with its password, as before', async () => {
    const user = await createAccount(app);
    const response = await passwordStep(app, browser(), user.userName);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(pendingCookie(response)).toBeUndefined();
    signedInCaller(app, response);
  });

  it('enrols from the profile: a secret sealed at rest, on only once a code confirms it', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { call, secret, recoveryCodes } = await enrol(app, user, step);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const row = await app.db
      .selectFrom('user_totp')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    const hashes = await app.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
    const status = await call({ method: 'GET', url: '/api/account/two-step' });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, required: false });
    // A second enrolment is refused while one is on.
    expect((await call({ method: 'POST', url: '/api/account/two-step/totp' })).statusCode).toBe(
      400,
    );
  });

  it('gives the otpauth URI and refuses a wrong confirmation code (still off)', async () => {
    const user = await createAccount(app);
    const call = signedInCaller(app, await passwordStep(app, browser(), user.userName));
    const started = (await call({ method: 'POST', url: '/api/account/two-step/totp' })).json();
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/Vexil:/);
    expect(started.uri).toContain(`secret=${started.secret}`);
    const wrong = await call({
      method: 'POST',
      url: '/api/account/two-step/totp/confirm',
      payload: { code: '000000' === (await codeAt(started.secret, 0)) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ title: WRONG_CODE, status: 400 });
    const status = await call({ method: 'GET', url: '/api/account/two-step' });
    expect(status.json()).toMatchObject({ totp: false });
    expect((await passwordStep(app, browser(), user.userName)).body).toBe('');
  });

  it('asks for the code after the password and signs in with it', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret } = await enrol(app, user, step);
    const b = browser();
    const asked = await passwordStep(app, b, user.userName);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      secondStep: { methods: ['Totp', 'RecoveryCode'], enrolRequired: false },
    });
    expect(sessionCookie(asked)).toBeUndefined();
    expect(pendingCookie(asked)).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300 });
    // Without the second step the password gave nothing.
    const noSession = caller(app);
    expect((await noSession({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401);

    // A page that did not see that answer asks for it.
    const pending = await caller(app)({
      method: 'GET',
      url: '/api/account/login/second-step',
      cookies: { vexil_second_step: b.pending ?? '' },
    });
    expect(pending.json()).toEqual(asked.json());
    expect(
      (await caller(app)({ method: 'GET', url: '/api/account/login/second-step' })).statusCode,
    ).toBe(401);

    const done = await secondStep(app, b, { code: await codeAt(secret, step) });
    expect(done.statusCode, done.body).toBe(200);
    const call = signedInCaller(app, done);
    const profile = await call({ method: 'GET', url: '/api/account/profile' });
    expect(profile.json()).toMatchObject({ userName: user.userName });
  });

  it('refuses a wrong code, and the right one still works while the pending sign-in lives', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret } = await enrol(app, user, step);
    const b = browser();
    await passwordStep(app, b, user.userName);
    const right = await codeAt(secret, step);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const wrong = await secondStep(app, b, { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ title: WRONG_CODE, status: 400 });
    expect(sessionCookie(wrong)).toBeUndefined();
    expect((await secondStep(app, b, { code: right })).statusCode).toBe(200);
  });

  it('refuses a code accepted once (replay), even with a new password step', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret } = await enrol(app, user, step);
    const code = await codeAt(secret, step);
    const first = browser();
    await passwordStep(app, first, user.userName);
    expect((await secondStep(app, first, { code })).statusCode).toBe(200);

    const second = browser();
    await passwordStep(app, second, user.userName);
    const replay = await secondStep(app, second, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ title: CODE_USED, status: 400 });
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it('accepts a code of the previous window once, then neither it nor an older one', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret } = await enrol(app, user, step);
    // The enrolment used the code of step - 1; arrange that only step - 2 was used.
    await app.db
      .updateTable('user_totp')
      .set({ last_time_step: step - 2 })
      .where('user_id', '=', user.id)
      .execute();
    const previous = await codeAt(secret, step - 1);
    const b = browser();
    await passwordStep(app, b, user.userName);
    expect((await secondStep(app, b, { code: previous })).statusCode).toBe(200);

    const again = browser();
    await passwordStep(app, again, user.userName);
    expect((await secondStep(app, again, { code: previous })).json()).toEqual({
      title: CODE_USED,
      status: 400,
    });
    // The current window's code is later: accepted.
    expect((await secondStep(app, again, { code: await codeAt(secret, step) })).statusCode).toBe(
      200,
    );
  });

  it('refuses codes two windows away', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret } = await enrol(app, user, step);
    await app.db
      .updateTable('user_totp')
      .set({ last_time_step: null })
      .where('user_id', '=', user.id)
      .execute();
    const b = browser();
    await passwordStep(app, b, user.userName);
    for (const far of [step - 2, step + 2]) {
      const response = await secondStep(app, b, { code: await codeAt(secret, far) });
      expect(response.json()).toEqual({ title: WRONG_CODE, status: 400 });
    }
  });

  it('takes a recovery code once, in any case and spacing, then refuses it', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { recoveryCodes } = await enrol(app, user, step);
    const [code] = recoveryCodes;
    const b = browser();
    await passwordStep(app, b, user.userName);
    const used = await secondStep(app, b, { recoveryCode: ` ${code.toUpperCase()} ` });
    expect(used.statusCode, used.body).toBe(200);

    const again = browser();
    await passwordStep(app, again, user.userName);
    const refused = await secondStep(app, again, { recoveryCode: code });
    expect(refused.json()).toEqual({ title: WRONG_RECOVERY_CODE, status: 400 });
    const call = signedInCaller(
      app,
      await secondStep(app, again, { recoveryCode: recoveryCodes[1] }),
    );
    const status = await call({ method: 'GET', url: '/api/account/two-step' });
    expect(status.json()).toMatchObject({ totp: true, recoveryCodesLeft: 8 });
  });

  it('wants exactly one of a code and a recovery code', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret, recoveryCodes } = await enrol(app, user, step);
    const b = browser();
    await passwordStep(app, b, user.userName);
    for (const payload of [
      {},
      { code: await codeAt(secret, step), recoveryCode: recoveryCodes[0] },
    ])
      expect((await secondStep(app, b, payload)).json()).toEqual({
        title: ONE_OF_CODE_OR_RECOVERY,
        status: 400,
      });
  });

  describe('the pending sign-in', () => {
    it('is refused from another browser (no cookie) and after it was used', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { secret, recoveryCodes } = await enrol(app, user, step);
      const b = browser();
      await passwordStep(app, b, user.userName);
      const other = { address: b.address };
      const noCookie = await secondStep(app, other, { code: await codeAt(secret, step) });
      expect(noCookie.statusCode).toBe(401);
      expect(noCookie.json()).toEqual({ title: NO_PENDING_SIGN_IN, status: 401 });
      const forged = await secondStep(
        app,
        { address: b.address, pending: 'forged' },
        {
          code: await codeAt(secret, step),
        },
      );
      expect(forged.statusCode).toBe(401);

      expect((await secondStep(app, b, { code: await codeAt(secret, step) })).statusCode).toBe(200);
      const reused = await secondStep(app, b, { recoveryCode: recoveryCodes[0] });
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ title: NO_PENDING_SIGN_IN, status: 401 });
    });

    it('expires', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { secret } = await enrol(app, user, step);
      const b = browser();
      await passwordStep(app, b, user.userName);
      const row = await app.db
        .selectFrom('pending_sign_ins')
        .select(['created_at', 'expires_at'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(row.expires_at) - Number(row.created_at)).toBeLessThanOrEqual(5 * 60 * 1000);
      await sql`update pending_sign_ins set expires_at = ${Date.now() - 1} where user_id = ${user.id}`.execute(
        app.db,
      );
      const late = await secondStep(app, b, { code: await codeAt(secret, step) });
      expect(late.statusCode).toBe(401);
    });

    it('dies after five wrong codes, whatever the addresses they come from', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { secret } = await enrol(app, user, step);
      const b = browser();
      await passwordStep(app, b, user.userName);
      const right = await codeAt(secret, step);
      const wrongCode = right === '000000' ? '999999' : '000000';
      for (let i = 0; i < 5; i++) {
        const response = await secondStep(
          app,
          { ...b, address: freshAddress() },
          { code: wrongCode },
        );
        expect(response.statusCode).toBe(400);
      }
      expect((await secondStep(app, b, { code: right })).statusCode).toBe(401);
    });

    it('ends when the password changes', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { secret, call } = await enrol(app, user, step);
      const b = browser();
      await passwordStep(app, b, user.userName);
      const changed = await call({
        method: 'PUT',
        url: '/api/account/changepassword',
        payload: { old: PASSWORD, new: 'Fresh7890' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await secondStep(app, b, { code: await codeAt(secret, step) })).statusCode).toBe(401);
    });

    it('lets one of two requests racing with the same code win', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { secret } = await enrol(app, user, step);
      const code = await codeAt(secret, step);
      // Two browsers with a pending sign-in each, and two requests of one browser.
      const one = browser();
      const two = browser();
      await passwordStep(app, one, user.userName);
      await passwordStep(app, two, user.userName);
      const answers = await Promise.all([
        secondStep(app, one, { code }),
        secondStep(app, two, { code }),
        secondStep(app, one, { code }),
      ]);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(answers.filter((a) => sessionCookie(a))).toHaveLength(1);
      const sessions = await app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      // The enrolment's own session, and the one winner.
      expect(sessions).toHaveLength(2);
    });
  });

  describe('from the profile', () => {
    it('turns off with the password or a code, not with a wrong one', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { call, secret } = await enrol(app, user, step);
      const disable = (payload: object) =>
        call({ method: 'POST', url: '/api/account/two-step/totp/disable', payload });
      expect((await disable({ password: 'Wrong1234' })).statusCode).toBe(400);
      expect((await disable({})).statusCode).toBe(400);
      expect((await disable({ code: await codeAt(secret, step) })).statusCode).toBe(200);
      expect((await passwordStep(app, browser(), user.userName)).body).toBe('');
      const status = await call({ method: 'GET', url: '/api/account/two-step' });
      expect(status.json()).toEqual({ totp: false, recoveryCodesLeft: 0, required: false });

      const again = await enrol(app, user, step);
      const byPassword = await again.call({
        method: 'POST',
        url: '/api/account/two-step/totp/disable',
        payload: { password: PASSWORD },
      });
      expect(byPassword.statusCode).toBe(200);
    });

    it('replaces the recovery codes given a code (and refuses its replay)', async () => {
      const user = await createAccount(app);
      const step = await freshStep();
      const { call, secret, recoveryCodes } = await enrol(app, user, step);
      const code = await codeAt(secret, step);
      const regenerate = () =>
        call({ method: 'POST', url: '/api/account/two-step/recovery-codes', payload: { code } });
      const fresh = await regenerate();
      expect(fresh.statusCode).toBe(200);
      const codes = (fresh.json() as { codes: string[] }).codes;
      expect(codes).toHaveLength(10);
      expect(codes).not.toContain(recoveryCodes[0]);
      expect((await regenerate()).statusCode).toBe(400);
      const b = browser();
      await passwordStep(app, b, user.userName);
      expect((await secondStep(app, b, { recoveryCode: recoveryCodes[0] })).statusCode).toBe(400);
      expect((await secondStep(app, b, { recoveryCode: codes[0] })).statusCode).toBe(200);
    });

    it('ends the other sessions when it is turned on', async () => {
      const user = await createAccount(app);
      const elsewhere = signedInCaller(app, await passwordStep(app, browser(), user.userName));
      const { call } = await enrol(app, user, await freshStep());
      expect((await elsewhere({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(
        401,
      );
      expect((await call({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(200);
    });
  });
});

describeEachDatabase('two-step sign-in and the sign-in limits', (getDb) => {
  const startApp = useTestApps(getDb);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(
      testConfig({ VEXIL_LOGIN_LIMIT_ADDRESS: '4/300', VEXIL_LOGIN_LIMIT_ACCOUNT: '100/3600' }),
    );
  });

  it('counts wrong codes like wrong passwords: the address is locked out of the account', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret } = await enrol(app, user, step);
    const b = browser();
    await passwordStep(app, b, user.userName); // attempt 1 (not cleared: no sign-in yet)
    const right = await codeAt(secret, step);
    const wrongCode = right === '000000' ? '999999' : '000000';
    for (let i = 0; i < 3; i++)
      expect((await secondStep(app, b, { code: wrongCode })).statusCode).toBe(400);
    const limited = await secondStep(app, b, { code: right });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(limited)).toBeUndefined();
    // The password does not open a fresh allowance from that address.
    expect((await passwordStep(app, b, user.userName)).statusCode).toBe(429);
    // The owner elsewhere still signs in.
    const owner = browser();
    await passwordStep(app, owner, user.userName);
    expect((await secondStep(app, owner, { code: right })).statusCode).toBe(200);
  });

  it('clears the address once the second step succeeds', async () => {
    const user = await createAccount(app);
    const step = await freshStep();
    const { secret, recoveryCodes } = await enrol(app, user, step);
    const b = browser();
    await passwordStep(app, b, user.userName);
    expect((await secondStep(app, b, { code: '000001' })).statusCode).toBe(400);
    expect((await secondStep(app, b, { code: await codeAt(secret, step) })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      await passwordStep(app, b, user.userName);
      expect((await secondStep(app, b, { recoveryCode: recoveryCodes[i] })).statusCode).toBe(200);
    }
  });
});
