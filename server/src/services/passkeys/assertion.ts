/**
 * Using a passkey: the options for `navigator.credentials.get`, and `verifyPasskeyAssertion`, the
 * one check every use goes through (sign-in with a passkey alone, and the second step of a
 * password sign-in): which passkey signed, for which account, with the counter moved forward
 * and stored.
 */
import type { Kysely } from 'kysely';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  findPasskeyByCredentialId,
  listPasskeys,
  recordPasskeyUse,
} from '../../db/repositories/passkeys.js';
import type { DB } from '../../db/schema.js';
import { CHALLENGE_TTL_MS } from './challenges.js';
import type { RelyingParty } from './relyingParty.js';
import { encodedUserHandleOf } from './userHandle.js';

/**
 * The options of a ceremony. Without `userId` no credential is listed (the authenticator offers
 * the discoverable ones it holds: sign-in without a user name); with it, that account's passkeys
 * (a second step, where the account is known).
 */
export async function passkeyRequestOptions(
  db: Kysely<DB>,
  rp: RelyingParty,
  challenge: Uint8Array<ArrayBuffer>,
  userId?: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = userId
    ? (await listPasskeys(db, userId)).map((p) => ({
        id: p.credentialId,
        transports: p.transports,
      }))
    : [];
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials,
  });
}

/** Why an assertion did not pass; the routes answer them alike (one message). */
export type AssertionFailure =
  | 'unknownPasskey'
  | 'otherAccount'
  | 'userHandleMismatch'
  | 'verificationFailed'
  | 'counterNotForward';

export type AssertionOutcome =
  | { ok: true; userId: string; passkeyId: number; passkeyName: string }
  | {
      ok: false;
      reason: AssertionFailure;
      /** The owner of the passkey named, when it is registered (for the sign-in counters). */
      userId: string | null;
    };

export interface AssertionCheck {
  response: AuthenticationResponseJSON;
  /** The Base64URL challenge this ceremony issued (already taken: one use). */
  expectedChallenge: string;
  rp: RelyingParty;
  /** When given, a passkey of any other account is refused. */
  mustBelongTo?: string;
  now?: number;
}

/**
 * Checks an assertion and says whose passkey signed it. Passes when the credential is registered
 * (to `mustBelongTo` when given), the user handle (if sent) is its owner's, the signature over
 * this challenge, origin and RP id verifies with user verification, and the signature counter
 * moved forward (or the authenticator always reports 0); then the new counter and the time of use
 * are stored. Never throws for a bad assertion: the caller decides how to answer and count it.
 */
export async function verifyPasskeyAssertion(
  db: Kysely<DB>,
  check: AssertionCheck,
): Promise<AssertionOutcome> {
  const { response, rp } = check;
  const passkey = await findPasskeyByCredentialId(db, response.id);
  if (!passkey) return { ok: false, reason: 'unknownPasskey', userId: null };
  const fail = (reason: AssertionFailure): AssertionOutcome => ({
    ok: false,
    reason,
    userId: passkey.userId,
  });
  if (check.mustBelongTo !== undefined && passkey.userId !== check.mustBelongTo)
    return fail('otherAccount');
  const handle = response.response.userHandle;
  if (handle && handle !== encodedUserHandleOf(passkey.userId)) return fail('userHandleMismatch');

  // The library refuses a counter that did not move forward (unless both are 0).
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: check.expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
  }).catch((error: unknown) => ({ error }));
  if ('error' in verified) {
    const counter = String((verified.error as Error).message).includes('counter');
    return fail(counter ? 'counterNotForward' : 'verificationFailed');
  }
  if (!verified.verified) return fail('verificationFailed');

  const moved = await recordPasskeyUse(
    db,
    passkey.id,
    verified.authenticationInfo.newCounter,
    check.now ?? Date.now(),
  );
  if (!moved) return fail('counterNotForward');
  return { ok: true, userId: passkey.userId, passkeyId: passkey.id, passkeyName: passkey.name };
}

type AuthenticatorTransportFuture = NonNullable<
  Parameters<typeof verifyAuthenticationResponse>[0]['credential']['transports']
>[number];
