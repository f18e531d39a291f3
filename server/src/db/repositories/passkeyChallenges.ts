// One-use challenges of passkey ceremonies (migration 0026), shared by every instance through the
// database. A challenge is taken (deleted) by its first use, whatever the outcome.
import type { Kysely, Transaction } from 'kysely';
import type { PasskeyChallengePurpose } from '../tables/passkeys.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface PasskeyChallenge {
  purpose: PasskeyChallengePurpose;
  userId: string | null;
  challenge: string;
  expiresAt: number;
}

/** Stores a challenge under the hash of its cookie token, and drops the expired ones. */
export async function storePasskeyChallenge(
  db: Db,
  idHash: string,
  challenge: PasskeyChallenge,
  now: number,
): Promise<void> {
  await db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('passkey_challenges')
    .values({
      id: idHash,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      challenge: challenge.challenge,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/**
 * Takes the challenge stored under the hash: deletes it and returns it when it was there, of this
 * purpose and not expired; null otherwise. One statement, so two requests with the same cookie
 * cannot both get it.
 */
export async function takePasskeyChallenge(
  db: Db,
  idHash: string,
  purpose: PasskeyChallengePurpose,
  now: number,
): Promise<PasskeyChallenge | null> {
  const row = await db
    .deleteFrom('passkey_challenges')
    .where('id', '=', idHash)
    .returningAll()
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || Number(row.expires_at) <= now) return null;
  return {
    purpose: row.purpose,
    userId: row.user_id,
    challenge: row.challenge,
    expiresAt: Number(row.expires_at),
  };
}
