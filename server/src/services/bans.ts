/**
 * A ban ends the sessions its user had. While the ban lasts they still say who the caller is, as a
 * banned account: every operation answers 403 (as the reference does), and sign-out works. When
 * the ban is lifted they end for good, so the user signs in again: lifting a ban gives the user a
 * new security stamp, which voids every session and mailed link made under the old one, and
 * deletes the sessions, in the same transaction as the role change.
 *
 * The sessions end at the lifting rather than at the ban so that, meanwhile, a banned user is told
 * 403 (banned) instead of 401 (signed out), and can sign out. A banned account cannot sign in, so
 * every session it has dates from before the ban (or from a sign-in that raced with it).
 */
import type { Kysely } from 'kysely';
import { newSecurityStamp } from '../db/ids.js';
import { deleteSessionsForUser } from '../db/repositories/sessions.js';
import { updateUserFields, type User, type UserPatch } from '../db/repositories/users.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';

export const liftsBan = (user: Pick<User, 'role'>, patch: UserPatch): boolean =>
  user.role === 'Banned' && patch.role !== undefined && patch.role !== 'Banned';

/**
 * Applies `patch` to `user`; when it lifts a ban, also ends the user's sessions (above). Returns
 * whether sessions ended: then call `sessions.forgetUser` once this has resolved (committed).
 */
export async function updateUserEndingBan(
  db: Kysely<DB>,
  user: Pick<User, 'id' | 'role'>,
  patch: UserPatch,
): Promise<boolean> {
  if (!liftsBan(user, patch)) {
    await updateUserFields(db, user.id, patch);
    return false;
  }
  await withTransaction(db, async (trx) => {
    await updateUserFields(trx, user.id, { ...patch, securityStamp: newSecurityStamp() });
    await deleteSessionsForUser(trx, user.id);
  });
  return true;
}
