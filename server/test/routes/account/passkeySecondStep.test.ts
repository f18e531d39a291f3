// A passkey as the second step of a password sign-in (issue 26): offered beside the authenticator
// app, never a second step by itself; the challenge is bound to the pending sign-in's account, a
// passkey of another account is refused and counted like a wrong code, a challenge is used once.
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PASSKEY_COOKIE } from '#server/routes/account/passkeyCeremony.js';
import {
  NO_PASSKEY_STEP,
  NO_SECOND_STEP_CHALLENGE,
} from '#server/routes/account/passkeySecondStep.js';
import { PASSKEY_REFUSED } from '#server/routes/account/passkeySignIn.js';
import { NO_PENDING_SIGN_IN, SECOND_STEP_COOKIE } from '#server/services/secondStep/index.js';
import { caller, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApps } from '../../support/harness.js';
import { SoftAuthenticator } from '../../support/softAuthenticator.js';
import { addPasskey } from './passkeySupport.js';
import { createAccount, sessionCookie, signedInCaller } from './support.js';
import { enrol, freshAddress, freshStep, passwordStep, type Browser } from './twoStepSupport.js';

const browser = (): Browser => ({ address: freshAddress() });

describeEachDatabase('a passkey as the second step', (getDb) => {
  const startApp = useTestApps(getDb);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(testConfig());
  });

  /** POSTs from the browser with its pending sign-in and the passkey ceremony's cookie. */
  const post = (from: Browser, url: string, payload?: object, passkeyCookie?: string) =>
    caller(app)({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload }),
      remoteAddress: from.address,
      cookies: {
        ...(from.pending ? { [SECOND_STEP_COOKIE]: from.pending } : {}),
        ...(passkeyCookie ? { [PASSKEY_COOKIE]: passkeyCookie } : {}),
      },
    });

  /** Options for the browser's pending sign-in, and the ceremony's cookie. */
  async function passkeyOptions(from: Browser) {
    const response = await post(from, '/api/account/passkeys/secondstepoptions');
    expect(response.statusCode, response.body).toBe(200);
    const cookie = response.cookies.find((c) => c.name === PASSKEY_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300 });
    return { options: response.json(), cookie: cookie!.value };
  }

  /** An account with its authenticator app on and a passkey. */
  async function securedAccount(authenticator = new SoftAuthenticator()) {
    const user = await createAccount(app);
    const { call } = await enrol(app, user, await freshStep());
    expect((await addPasskey(call, authenticator)).statusCode).toBe(200);
    return { user, authenticator };
  }

  it('is not a second step on its own: an account with only a passkey signs in with its password', async () => {
    const user = await createAccount(app);
    const call = signedInCaller(app, await passwordStep(app, browser(), user.userName));
    expect((await addPasskey(call, new SoftAuthenticator())).statusCode).toBe(200);
    const again = await passwordStep(app, browser(), user.userName);
    expect(again.body).toBe('');
    signedInCaller(app, again);
  });

  it('finishes the sign-in of an account with the app on, once', async () => {
    const { user, authenticator } = await securedAccount();
    const from = browser();
    const password = await passwordStep(app, from, user.userName);
    expect(password.json().secondStep.methods).toEqual(['Totp', 'RecoveryCode', 'Passkey']);
    expect(sessionCookie(password)).toBeUndefined();

    const { options, cookie } = await passkeyOptions(from);
    // Only the account's own passkey is offered.
    expect(options.allowCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const assertion = authenticator.assert(options);
    const done = await post(from, '/api/account/passkeys/secondstep', assertion, cookie);
    expect(done.statusCode, done.body).toBe(200);
    const profile = await signedInCaller(app, done)({ method: 'GET', url: '/api/account/profile' });
    expect(profile.json().userName).toBe(user.userName);
    expect(done.cookies.find((c) => c.name === PASSKEY_COOKIE)?.value).toBe('');

    // The pending sign-in and the challenge are used up.
    const replay = await post(from, '/api/account/passkeys/secondstep', assertion, cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().title).toBe(NO_PENDING_SIGN_IN);
  });

  it("refuses another account's passkey, counting it as a wrong second step", async () => {
    const { user } = await securedAccount();
    const other = await securedAccount();
    const from = browser();
    await passwordStep(app, from, user.userName);
    // From changing addresses, so that the sign-in limits (per account and address) stay out of
    // the way of the pending sign-in's own count.
    for (let wrong = 0; wrong < 5; wrong++) {
      const there = { ...from, address: freshAddress() };
      const { options, cookie } = await passkeyOptions(there);
      const refused = await post(
        there,
        '/api/account/passkeys/secondstep',
        other.authenticator.assert({ ...options, allowCredentials: [] }),
        cookie,
      );
      expect(refused.statusCode).toBe(401);
      expect(refused.json().title).toBe(PASSKEY_REFUSED);
    }
    // Five wrong steps: the pending sign-in is dead.
    const dead = await post(
      { ...from, address: freshAddress() },
      '/api/account/passkeys/secondstepoptions',
    );
    expect(dead.statusCode).toBe(401);
    expect(dead.json().title).toBe(NO_PENDING_SIGN_IN);
  });

  it('counts refused passkeys in the sign-in limits of the account and address', async () => {
    const { user } = await securedAccount();
    const other = await securedAccount();
    const from = browser();
    await passwordStep(app, from, user.userName);
    const statuses: number[] = [];
    while (statuses.length < 5 && !statuses.includes(429)) {
      const { options, cookie } = await passkeyOptions(from);
      const assertion = other.authenticator.assert({ ...options, allowCredentials: [] });
      statuses.push(
        (await post(from, '/api/account/passkeys/secondstep', assertion, cookie)).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
  });

  it('uses a challenge once, and asks for a pending sign-in that has a passkey', async () => {
    const { user, authenticator } = await securedAccount();
    const from = browser();
    await passwordStep(app, from, user.userName);
    const { options, cookie } = await passkeyOptions(from);
    const assertion = authenticator.assert(options);
    // The answer without the ceremony's cookie: no challenge, and that one is not spent.
    const noCookie = await post(from, '/api/account/passkeys/secondstep', assertion);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().title).toBe(NO_SECOND_STEP_CHALLENGE);
    expect(
      (await post(from, '/api/account/passkeys/secondstep', assertion, cookie)).statusCode,
    ).toBe(200);

    // No pending sign-in at all.
    const stranger = await post(browser(), '/api/account/passkeys/secondstepoptions');
    expect(stranger.statusCode).toBe(401);

    // An account with the app and no passkey: nothing to offer.
    const appOnly = await createAccount(app);
    await enrol(app, appOnly, await freshStep());
    const onlyApp = browser();
    const password = await passwordStep(app, onlyApp, appOnly.userName);
    expect(password.json().secondStep.methods).toEqual(['Totp', 'RecoveryCode']);
    const none = await post(onlyApp, '/api/account/passkeys/secondstepoptions');
    expect(none.statusCode).toBe(400);
    expect(none.json().title).toBe(NO_PASSKEY_STEP);
  });
});
