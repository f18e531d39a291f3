// Passkeys (issue 26) with real WebAuthn data from a software authenticator: registration from the
// profile, sign-in with a passkey alone, and what must be refused (replays, wrong origin or RP id,
// a counter going backwards, a deleted passkey, another account's passkey where one is required,
// banned and unconfirmed accounts, IP addresses as RP ids).
import { beforeEach, expect, it } from 'vitest';
import { listLogs } from '#server/db/repositories/logs.js';
import { updateUserRole } from '#server/db/repositories/users.js';
import { findPasskeyByCredentialId, usersWithPasskeys } from '#server/db/repositories/passkeys.js';
import { ACCOUNT_BANNED } from '#server/routes/account/login.js';
import { PASSKEY_COOKIE } from '#server/routes/account/passkeyCeremony.js';
import { NO_SIGN_IN_CHALLENGE, PASSKEY_REFUSED } from '#server/routes/account/passkeySignIn.js';
import {
  passkeyRequestOptions,
  verifyPasskeyAssertion,
} from '#server/services/passkeys/assertion.js';
import { issuePasskeyChallenge } from '#server/services/passkeys/challenges.js';
import {
  NO_REGISTRATION_CHALLENGE,
  REGISTRATION_FAILED,
} from '#server/services/passkeys/registration.js';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { SoftAuthenticator } from '../../support/softAuthenticator.js';
import { accountWithSession, addPasskey, ceremony, signInWithPasskey } from './passkeySupport.js';
import { DEFAULT_POLICY, profileOf, setAccountPolicy, signedInCaller } from './support.js';

const RP = { id: 'localhost', origin: 'http://localhost', name: 'Vexil' };

describeEachDatabase('passkeys', (getDb) => {
  const server = useTestApp(getDb);
  beforeEach(() => setAccountPolicy(server.app, DEFAULT_POLICY));

  /** An account with one registered passkey, and its authenticator. */
  async function accountWithPasskey(overrides = {}, authenticator = new SoftAuthenticator()) {
    const account = await accountWithSession(server.app, overrides);
    const added = await addPasskey(account.call, authenticator);
    expect(added.statusCode, added.body).toBe(200);
    return { ...account, authenticator, passkey: added.json() };
  }

  it('registers a discoverable passkey with user verification, then lists, renames and deletes it', async () => {
    const { call } = await accountWithSession(server.app);
    const { options } = await ceremony(call, '/api/account/passkeys/registeroptions');
    expect(options.rp).toEqual({ id: 'localhost', name: 'Vexil' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });

    const authenticator = new SoftAuthenticator();
    const before = Date.now();
    const added = await addPasskey(call, authenticator, '  My laptop  ');
    expect(added.statusCode, added.body).toBe(200);
    const passkey = added.json();
    expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    expect(passkey.createdAt).toBeGreaterThanOrEqual(before);
    // The challenge cookie is cleared once used.
    expect(added.cookies.find((c) => c.name === PASSKEY_COOKIE)?.value).toBe('');

    // A second one excludes the first.
    const again = await ceremony(call, '/api/account/passkeys/registeroptions');
    expect(again.options.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);

    const listed = await call({ method: 'GET', url: '/api/account/passkeys' });
    expect(listed.json()).toEqual([passkey]);

    const renamed = await call({
      method: 'PUT',
      url: `/api/account/passkeys/${passkey.id}`,
      payload: { name: 'Phone' },
    });
    expect(renamed.json()).toEqual({ ...passkey, name: 'Phone' });
    const blank = await call({
      method: 'PUT',
      url: `/api/account/passkeys/${passkey.id}`,
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(400);

    const deleted = await call({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}` });
    expect(deleted.statusCode).toBe(200);
    expect((await call({ method: 'GET', url: '/api/account/passkeys' })).json()).toEqual([]);
    const twice = await call({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}` });
    expect(twice.statusCode).toBe(404);
  });

  it("does not let anyone rename or delete another account's passkey", async () => {
    const { passkey } = await accountWithPasskey();
    const other = await accountWithSession(server.app);
    const url = `/api/account/passkeys/${passkey.id}`;
    expect((await other.call({ method: 'PUT', url, payload: { name: 'Mine' } })).statusCode).toBe(
      404,
    );
    expect((await other.call({ method: 'DELETE', url })).statusCode).toBe(404);
    expect(
      (await server.anonymous({ method: 'GET', url: '/api/account/passkeys' })).statusCode,
    ).toBe(401);
  });

  it('refuses a registration without its challenge, with one used, or made for another account', async () => {
    const { call } = await accountWithSession(server.app);
    const authenticator = new SoftAuthenticator();
    const { options, cookie } = await ceremony(call, '/api/account/passkeys/registeroptions');
    const credential = authenticator.register(options);
    const post = (cookies: Record<string, string>, as = call) =>
      as({
        method: 'POST',
        url: '/api/account/passkeys',
        cookies,
        payload: { name: 'K', credential },
      });

    const none = await post({});
    expect(none.json()).toEqual({ title: NO_REGISTRATION_CHALLENGE, status: 400 });
    // Another account's session with this account's ceremony cookie: the challenge is not theirs.
    const other = await accountWithSession(server.app);
    expect((await post({ [PASSKEY_COOKIE]: cookie }, other.call)).json().title).toBe(
      NO_REGISTRATION_CHALLENGE,
    );
    // ... and it was used up by that attempt.
    expect((await post({ [PASSKEY_COOKIE]: cookie })).json().title).toBe(NO_REGISTRATION_CHALLENGE);
  });

  it('refuses a registration from another origin or for another RP id, or without user verification', async () => {
    const { call } = await accountWithSession(server.app);
    for (const tweaks of [
      { origin: 'http://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const response = await addPasskey(call, new SoftAuthenticator(), 'K', tweaks);
      expect(response.json(), JSON.stringify(tweaks)).toEqual({
        title: REGISTRATION_FAILED,
        status: 400,
      });
    }
    expect((await call({ method: 'GET', url: '/api/account/passkeys' })).json()).toEqual([]);
  });

  it('refuses to register one credential twice, to this or another account', async () => {
    const { authenticator } = await accountWithPasskey();
    const other = await accountWithSession(server.app);
    const response = await addPasskey(other.call, authenticator);
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toBe('This passkey is already registered');
  });

  it('signs in with a passkey alone, storing the counter and the time of use, and logs it', async () => {
    const { user, authenticator, passkey } = await accountWithPasskey();
    const { options, cookie } = await ceremony(
      server.anonymous,
      '/api/account/passkeys/signinoptions',
    );
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(cookie).toMatch(/^[\w-]{43}$/);

    const { response } = await signInWithPasskey(server.anonymous, authenticator);
    expect(response.statusCode, response.body).toBe(200);
    const profile = await profileOf(signedInCaller(server.app, response));
    expect(profile.json().userId).toBe(user.id);

    const stored = await findPasskeyByCredentialId(server.app.db, authenticator.credentialId);
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).toBeGreaterThan(0);
    const again = await signInWithPasskey(server.anonymous, authenticator);
    expect(again.response.statusCode).toBe(200);
    expect(
      (await findPasskeyByCredentialId(server.app.db, authenticator.credentialId))?.counter,
    ).toBe(2);
    expect(passkey.id).toBe(stored?.id);

    await server.app.logStore.flush();
    const logs = (await listLogs(server.app.db, { skip: 0, count: 50 })).filter(
      (e) => e.userName === user.userName,
    );
    expect(logs.map((e) => [e.message, e.status])).toEqual(
      expect.arrayContaining([
        [`User ${user.userName} added the passkey "Laptop"`, 'Success'],
        [`User ${user.userName} signed in with the passkey "Laptop"`, 'Success'],
      ]),
    );
  });

  it('ends the session the passkey sign-in was called with', async () => {
    const { call, authenticator } = await accountWithPasskey();
    const { response } = await signInWithPasskey(call, authenticator);
    expect(response.statusCode).toBe(200);
    expect((await profileOf(call)).statusCode).toBe(401);
  });

  it('refuses a replayed challenge: the same answer twice, or an old answer to a new challenge', async () => {
    const { authenticator } = await accountWithPasskey();
    const first = await signInWithPasskey(server.anonymous, authenticator);
    expect(first.response.statusCode).toBe(200);

    const sameCookie = await server.anonymous({
      method: 'POST',
      url: '/api/account/passkeys/signin',
      cookies: { [PASSKEY_COOKIE]: first.cookie },
      payload: first.assertion,
    });
    expect(sameCookie.json()).toEqual({ title: NO_SIGN_IN_CHALLENGE, status: 400 });

    const fresh = await ceremony(server.anonymous, '/api/account/passkeys/signinoptions');
    const oldAnswer = await server.anonymous({
      method: 'POST',
      url: '/api/account/passkeys/signin',
      cookies: { [PASSKEY_COOKIE]: fresh.cookie },
      payload: first.assertion,
    });
    expect(oldAnswer.json()).toEqual({ title: PASSKEY_REFUSED, status: 401 });

    const noCookie = await server.anonymous({
      method: 'POST',
      url: '/api/account/passkeys/signin',
      payload: first.assertion,
    });
    expect(noCookie.json()).toEqual({ title: NO_SIGN_IN_CHALLENGE, status: 400 });
  });

  it('refuses an answer from another origin or for another RP id, or without user verification', async () => {
    const { authenticator } = await accountWithPasskey();
    for (const tweaks of [
      { origin: 'http://evil.example' },
      { origin: 'https://localhost' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const { response } = await signInWithPasskey(server.anonymous, authenticator, tweaks);
      expect(response.json(), JSON.stringify(tweaks)).toEqual({
        title: PASSKEY_REFUSED,
        status: 401,
      });
      expect(response.cookies.find((c) => c.name === 'vexil_session')).toBeUndefined();
    }
  });

  it('refuses a counter that goes backwards or stands still, and accepts an authenticator that always reports 0', async () => {
    const { authenticator } = await accountWithPasskey();
    expect(
      (await signInWithPasskey(server.anonymous, authenticator, { counter: 10 })).response
        .statusCode,
    ).toBe(200);
    for (const counter of [9, 10]) {
      const { response } = await signInWithPasskey(server.anonymous, authenticator, { counter });
      expect(response.json(), `counter ${counter}`).toEqual({
        title: PASSKEY_REFUSED,
        status: 401,
      });
    }
    const stored = await findPasskeyByCredentialId(server.app.db, authenticator.credentialId);
    expect(stored?.counter).toBe(10);

    const uncounted = (
      await accountWithPasskey({}, new SoftAuthenticator(undefined, undefined, false))
    ).authenticator;
    for (let i = 0; i < 2; i++) {
      const { response } = await signInWithPasskey(server.anonymous, uncounted);
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a deleted passkey', async () => {
    const { call, authenticator, passkey } = await accountWithPasskey();
    await call({ method: 'DELETE', url: `/api/account/passkeys/${passkey.id}` });
    const { response } = await signInWithPasskey(server.anonymous, authenticator);
    expect(response.json()).toEqual({ title: PASSKEY_REFUSED, status: 401 });
  });

  it('refuses a banned account (its own message) and an unconfirmed email (the usual one)', async () => {
    const banned = await accountWithPasskey();
    await updateUserRole(server.app.db, banned.user.id, 'Banned');
    expect(
      (await signInWithPasskey(server.anonymous, banned.authenticator)).response.json(),
    ).toEqual({
      title: ACCOUNT_BANNED,
      status: 401,
    });
    const unconfirmed = await accountWithPasskey({ emailConfirmed: false });
    expect(
      (await signInWithPasskey(server.anonymous, unconfirmed.authenticator)).response.json(),
    ).toEqual({ title: PASSKEY_REFUSED, status: 401 });
  });

  it("refuses a passkey of another account where a user is required, and one whose user handle is not its owner's", async () => {
    const alice = await accountWithPasskey();
    const bob = await accountWithPasskey();
    const check = async (authenticator: SoftAuthenticator, mustBelongTo: string | undefined) => {
      const { challenge } = await issuePasskeyChallenge(server.app.db, 'signIn', null);
      const options = await passkeyRequestOptions(server.app.db, RP, challenge, mustBelongTo);
      return verifyPasskeyAssertion(server.app.db, {
        response: authenticator.assert(options) as never,
        expectedChallenge: isoBase64URL.fromBuffer(challenge),
        rp: RP,
        mustBelongTo,
      });
    };
    // Options for a known user list that user's passkeys.
    const { challenge } = await issuePasskeyChallenge(server.app.db, 'signIn', null);
    const forAlice = await passkeyRequestOptions(server.app.db, RP, challenge, alice.user.id);
    expect(forAlice.allowCredentials?.map((c) => c.id)).toEqual([alice.authenticator.credentialId]);

    expect(await check(bob.authenticator, alice.user.id)).toEqual({
      ok: false,
      reason: 'otherAccount',
      userId: bob.user.id,
    });
    expect(await check(alice.authenticator, alice.user.id)).toMatchObject({
      ok: true,
      userId: alice.user.id,
      passkeyId: alice.passkey.id,
    });
    expect(await check(bob.authenticator, undefined)).toMatchObject({
      ok: true,
      userId: bob.user.id,
    });

    // Bob's authenticator claiming to be Alice's account.
    bob.authenticator.userHandle = alice.authenticator.userHandle;
    const { response } = await signInWithPasskey(server.anonymous, bob.authenticator);
    expect(response.json()).toEqual({ title: PASSKEY_REFUSED, status: 401 });
  });

  it('deletes the passkeys with their account', async () => {
    const { user, authenticator } = await accountWithPasskey();
    const admin = server.as('Admin');
    const deleted = await admin({ method: 'DELETE', url: `/api/admin/users/${user.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await findPasskeyByCredentialId(server.app.db, authenticator.credentialId)).toBeNull();
    const { response } = await signInWithPasskey(server.anonymous, authenticator);
    expect(response.json()).toEqual({ title: PASSKEY_REFUSED, status: 401 });
  });

  it('says which users have passkeys (for the console)', async () => {
    const withOne = await accountWithPasskey();
    const without = await accountWithSession(server.app);
    const found = await usersWithPasskeys(server.app.db, [withOne.user.id, without.user.id]);
    expect([...found]).toEqual([withOne.user.id]);
    expect(await usersWithPasskeys(server.app.db, [])).toEqual(new Set());
  });

  it('refuses an IP address as the relying party with a clear 400', async () => {
    const { call } = await accountWithSession(server.app);
    for (const host of ['127.0.0.1:8080', '[::1]:8080']) {
      const options = await call({
        method: 'POST',
        url: '/api/account/passkeys/registeroptions',
        headers: { host },
      });
      expect(options.statusCode).toBe(400);
      expect(options.json().title).toMatch(/domain name, not by an IP address/);
      const signIn = await caller(server.app)({
        method: 'POST',
        url: '/api/account/passkeys/signinoptions',
        headers: { host },
      });
      expect(signIn.statusCode).toBe(400);
    }
  });
});
