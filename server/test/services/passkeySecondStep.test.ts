// A passkey as the second step of a password sign-in (issue 26): the functions the second-step
// service calls once the password is right, with a software authenticator's real assertions.
// The account is known: only its passkeys are offered and accepted, and the challenge is its own
// and good once.
import { expect, it } from 'vitest';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  finishPasskeySecondStep,
  hasPasskeys,
  startPasskeySecondStep,
} from '#server/services/passkeys/secondStep.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';
import { SoftAuthenticator } from '../support/softAuthenticator.js';
import { accountWithSession, addPasskey } from '../routes/account/passkeySupport.js';

const RP = { id: 'localhost', origin: 'http://localhost', name: 'Vexil' };
const answer = (authenticator: SoftAuthenticator, options: { challenge: string }) =>
  authenticator.assert(options) as unknown as AuthenticationResponseJSON;

describeEachDatabase('passkeys as the second step', (getDb) => {
  const server = useTestApp(getDb);

  async function accountWithPasskey() {
    const account = await accountWithSession(server.app);
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(account.call, authenticator)).statusCode).toBe(200);
    return { ...account, authenticator };
  }

  it("offers the account's passkeys and accepts one of them, once per challenge", async () => {
    const { user, authenticator } = await accountWithPasskey();
    const without = await accountWithSession(server.app);
    expect(await hasPasskeys(server.app.db, user.id)).toBe(true);
    expect(await hasPasskeys(server.app.db, without.user.id)).toBe(false);

    const { token, options } = await startPasskeySecondStep(server.app.db, RP, user.id);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentialId]);
    expect(options.userVerification).toBe('required');
    const response = answer(authenticator, options);
    const done = await finishPasskeySecondStep(server.app.db, RP, user.id, token, response);
    expect(done).toMatchObject({ ok: true, userId: user.id });

    const replay = await finishPasskeySecondStep(server.app.db, RP, user.id, token, response);
    expect(replay).toEqual({ ok: false, reason: 'noChallenge', userId: null });
  });

  it("refuses another account's passkey, and a challenge issued to another account", async () => {
    const alice = await accountWithPasskey();
    const mallory = await accountWithPasskey();

    // Alice's password was right; Mallory's passkey answers her second step.
    const forAlice = await startPasskeySecondStep(server.app.db, RP, alice.user.id);
    const stolen = await finishPasskeySecondStep(
      server.app.db,
      RP,
      alice.user.id,
      forAlice.token,
      answer(mallory.authenticator, forAlice.options),
    );
    expect(stolen).toEqual({ ok: false, reason: 'otherAccount', userId: mallory.user.id });

    // Mallory's own challenge used for Alice's pending sign-in.
    const forMallory = await startPasskeySecondStep(server.app.db, RP, mallory.user.id);
    const swapped = await finishPasskeySecondStep(
      server.app.db,
      RP,
      alice.user.id,
      forMallory.token,
      answer(alice.authenticator, forMallory.options),
    );
    expect(swapped).toEqual({ ok: false, reason: 'noChallenge', userId: null });
  });

  it('refuses an answer from another origin, or without a token', async () => {
    const { user, authenticator } = await accountWithPasskey();
    const { token, options } = await startPasskeySecondStep(server.app.db, RP, user.id);
    const evil = authenticator.assert(options, {
      origin: 'http://evil.example',
    }) as unknown as AuthenticationResponseJSON;
    expect(await finishPasskeySecondStep(server.app.db, RP, user.id, token, evil)).toMatchObject({
      ok: false,
      reason: 'verificationFailed',
    });
    expect(
      await finishPasskeySecondStep(
        server.app.db,
        RP,
        user.id,
        undefined,
        answer(authenticator, options),
      ),
    ).toMatchObject({ ok: false, reason: 'noChallenge' });
  });
});
