// Two-step sign-in: authenticator-app secrets (encrypted by the caller), recovery-code hashes and
// pending sign-ins. Every "use once" here is one conditional statement, so that two requests
// racing (on one instance or several) cannot both succeed: the loser's statement changes no row.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { PendingPurpose } from '../tables/twoStep.js';

export interface StoredTotp {
  /** Encrypted. */
  secret: string;
  enabled: boolean;
  lastTimeStep: number | null;
}

export async function findTotp(db: Kysely<DB>, userId: string): Promise<StoredTotp | null> {
  const row = await db
    .selectFrom('user_totp')
    .select(['secret', 'enabled_at', 'last_time_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const step = row.last_time_step;
  return {
    secret: row.secret,
    enabled: row.enabled_at !== null,
    lastTimeStep: step === null ? null : Number(step),
  };
}

/** Stores a new, unconfirmed secret, replacing an unconfirmed one; false when one is enabled. */
export async function saveTotpEnrolment(
  db: Kysely<DB>,
  userId: string,
  secret: string,
  now: number,
): Promise<boolean> {
  await db
    .deleteFrom('user_totp')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .execute();
  const inserted = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret, created_at: now, enabled_at: null, last_time_step: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Turns the unconfirmed secret on, recording the confirming code's step as used. */
export async function enableTotp(
  db: Kysely<DB>,
  userId: string,
  timeStep: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ enabled_at: now, last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records `timeStep` as the last accepted one, only if it is later than the last: false when a
 *  code of this step (or a later one) was accepted already, i.e. a replay. */
export async function consumeTimeStep(
  db: Kysely<DB>,
  userId: string,
  timeStep: number,
): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_time_step: timeStep })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', timeStep)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the secret and the recovery codes; true when there was a secret. */
export async function deleteTwoStep(db: Kysely<DB>, userId: string): Promise<boolean> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const result = await db.deleteFrom('user_totp').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces every recovery code of the user with these hashes. */
export async function replaceRecoveryCodes(
  db: Kysely<DB>,
  userId: string,
  hashes: readonly string[],
  now: number,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Marks the code used, if it is the user's and unused; false otherwise. */
export async function consumeRecoveryCode(
  db: Kysely<DB>,
  userId: string,
  hash: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these users, those with an authenticator app turned on (the console's users list). */
export async function usersWithTotp(
  db: Kysely<DB>,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_totp')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .where('enabled_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

// Pending sign-ins.

export interface PendingSignIn {
  /** SHA-256 hex of the cookie's token. */
  id: string;
  userId: string;
  purpose: PendingPurpose;
  expiresAt: number;
  attempts: number;
}

export async function createPendingSignIn(
  db: Kysely<DB>,
  row: { id: string; userId: string; purpose: PendingPurpose; securityStamp: string },
  now: number,
  ttlMs: number,
): Promise<void> {
  await db
    .insertInto('pending_sign_ins')
    .values({
      id: row.id,
      user_id: row.userId,
      purpose: row.purpose,
      security_stamp: row.securityStamp,
      created_at: now,
      expires_at: now + ttlMs,
      attempts: 0,
    })
    .execute();
}

/** The pending sign-in, if it has not expired and its user's security stamp has not changed
 *  since (a password change or reset voids it) and the user is not banned. */
export async function findPendingSignIn(
  db: Kysely<DB>,
  id: string,
  now: number,
): Promise<PendingSignIn | null> {
  const row = await db
    .selectFrom('pending_sign_ins')
    .innerJoin('users', 'users.id', 'pending_sign_ins.user_id')
    .select([
      'pending_sign_ins.id',
      'pending_sign_ins.user_id',
      'pending_sign_ins.purpose',
      'pending_sign_ins.expires_at',
      'pending_sign_ins.attempts',
    ])
    .where('pending_sign_ins.id', '=', id)
    .where('pending_sign_ins.expires_at', '>', now)
    .whereRef('pending_sign_ins.security_stamp', '=', 'users.security_stamp')
    .where('users.role', '!=', 'Banned')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose,
    expiresAt: Number(row.expires_at),
    attempts: row.attempts,
  };
}

/** Counts a wrong code against the pending sign-in; at `maxAttempts` it is deleted. */
export async function countWrongAttempt(
  db: Kysely<DB>,
  id: string,
  maxAttempts: number,
): Promise<void> {
  await db
    .updateTable('pending_sign_ins')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
  await db
    .deleteFrom('pending_sign_ins')
    .where('id', '=', id)
    .where('attempts', '>=', maxAttempts)
    .execute();
}

/** Uses the pending sign-in up: false when it is gone or expired (another request used it). */
export async function consumePendingSignIn(
  db: Kysely<DB>,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('pending_sign_ins')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deletePendingSignInsOf(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
}

/** Removes pending sign-ins that expired (and those of other users' old attempts). */
export async function pruneExpiredPendingSignIns(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('pending_sign_ins')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
