/**
 * An account keeps a way to sign in (issue 26): an account made by a single sign-on has no
 * password, so the last linked identity or the last passkey of such an account cannot be removed
 * (a password set through recovery, another identity or another passkey first). The removal
 * locks the user's row, removes, then counts what is left in the same transaction (a throw rolls
 * the removal back), so two removals at once cannot both pass the count.
 */
import type { Transaction } from 'kysely';
import { countPasskeys } from '../../db/repositories/passkeys.js';
import { identitiesOfUser, lockUserForSignInChange } from '../../db/repositories/sso.js';
import type { User } from '../../db/repositories/users.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';

export const ONLY_WAY_TO_SIGN_IN =
  'This is the only way to sign in to this account: set a password or link another sign-in first';

/** Before removing a way to sign in: holds the user's row until the transaction ends. */
export const lockWaysToSignIn = (trx: Transaction<DB>, userId: string) =>
  lockUserForSignInChange(trx, userId);

/** After removing one: throws 400 (rolling the removal back) when no way is left. */
export async function keepAWayToSignIn(trx: Transaction<DB>, user: User): Promise<void> {
  if (user.passwordHash !== null) return;
  const [identities, passkeys] = await Promise.all([
    identitiesOfUser(trx, user.id),
    countPasskeys(trx, user.id),
  ]);
  if (identities.length + passkeys === 0) throw badRequest(ONLY_WAY_TO_SIGN_IN);
}
