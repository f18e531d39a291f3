/**
 * The challenges of passkey ceremonies: random, held on the server for CHALLENGE_TTL_MS under the
 * hash of a random token that the browser carries in a cookie, and good for one use. Held in the
 * database, so a ceremony may start on one instance and finish on another.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  storePasskeyChallenge,
  takePasskeyChallenge,
  type PasskeyChallenge,
} from '../../db/repositories/passkeyChallenges.js';
import type { PasskeyChallengePurpose } from '../../db/tables/passkeys.js';
import type { DB } from '../../db/schema.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface IssuedChallenge {
  /** For the browser's cookie. */
  token: string;
  /** The challenge bytes, for the ceremony's options. */
  challenge: Uint8Array<ArrayBuffer>;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issuePasskeyChallenge(
  db: Kysely<DB>,
  purpose: PasskeyChallengePurpose,
  userId: string | null,
  now = Date.now(),
): Promise<IssuedChallenge> {
  const token = randomBytes(32).toString('base64url');
  const challenge = new Uint8Array(randomBytes(32));
  await storePasskeyChallenge(
    db,
    hashOf(token),
    {
      purpose,
      userId,
      challenge: isoBase64URL.fromBuffer(challenge),
      expiresAt: now + CHALLENGE_TTL_MS,
    },
    now,
  );
  return { token, challenge };
}

/** The challenge the token names, taken for good; null when none (unknown, used, expired). */
export async function takeChallenge(
  db: Kysely<DB>,
  token: string | undefined,
  purpose: PasskeyChallengePurpose,
  now = Date.now(),
): Promise<PasskeyChallenge | null> {
  if (!token || token.length > 128) return null;
  return takePasskeyChallenge(db, hashOf(token), purpose, now);
}
