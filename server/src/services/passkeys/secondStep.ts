/**
 * A passkey as the second step of a password sign-in (issue 26), for the second-step service to
 * call once the password is right: the account is known, so the options list its passkeys, the
 * challenge is bound to it, and a passkey of any other account is refused. The caller carries
 * `token` to the browser (e.g. in the pending sign-in's row or the `vexil_passkey` cookie) and
 * brings it back with the browser's answer.
 */
import type { Kysely } from 'kysely';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { listPasskeys } from '../../db/repositories/passkeys.js';
import type { DB } from '../../db/schema.js';
import {
  passkeyRequestOptions,
  verifyPasskeyAssertion,
  type AssertionOutcome,
} from './assertion.js';
import { issuePasskeyChallenge, takeChallenge } from './challenges.js';
import type { RelyingParty } from './relyingParty.js';

/** Whether the account has a passkey, i.e. whether `Passkey` is one of its second-step methods. */
export async function hasPasskeys(db: Kysely<DB>, userId: string): Promise<boolean> {
  return (await listPasskeys(db, userId)).length > 0;
}

/** Issues a one-use challenge bound to the account and the options naming its passkeys. */
export async function startPasskeySecondStep(
  db: Kysely<DB>,
  rp: RelyingParty,
  userId: string,
): Promise<{ token: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const { token, challenge } = await issuePasskeyChallenge(db, 'secondStep', userId);
  return { token, options: await passkeyRequestOptions(db, rp, challenge, userId) };
}

/**
 * Checks the browser's answer for the account: the challenge the token names is taken (one use,
 * whatever the outcome) and must have been issued to this account; the passkey must be one of
 * its own. `{ ok: false, reason: 'noChallenge' }` when the challenge is unknown, used, expired or
 * another account's.
 */
export async function finishPasskeySecondStep(
  db: Kysely<DB>,
  rp: RelyingParty,
  userId: string,
  token: string | undefined,
  response: AuthenticationResponseJSON,
): Promise<AssertionOutcome | { ok: false; reason: 'noChallenge'; userId: null }> {
  const challenge = await takeChallenge(db, token, 'secondStep');
  if (!challenge || challenge.userId !== userId)
    return { ok: false, reason: 'noChallenge', userId: null };
  return verifyPasskeyAssertion(db, {
    response,
    expectedChallenge: challenge.challenge,
    rp,
    mustBelongTo: userId,
  });
}
