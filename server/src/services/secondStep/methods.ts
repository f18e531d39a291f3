/**
 * Which second steps an account has, from every source of them. Each kind of credential (the
 * authenticator app here; passkeys later) is one `SecondStepSource` in `SOURCES`: adding a method
 * is one entry there, and the sign-in, the pending sign-in and the answer to the password do not
 * change.
 */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { DB } from '../../db/schema.js';
import type { Role } from '../../db/tables/accounts.js';
import { countUnusedRecoveryCodes, findTotp } from '../../db/repositories/twoStep.js';
import type { AccountPolicy } from '../../domain/siteSettings.js';

export type SecondStepMethod = components['schemas']['SecondStepMethod'];

export interface SecondStepSource {
  /** The methods of this source the user can finish a sign-in with now (none: not set up). */
  methodsOf(db: Kysely<DB>, userId: string): Promise<SecondStepMethod[]>;
}

/** The authenticator app, and its recovery codes while any is unused. */
export const totpSource: SecondStepSource = {
  async methodsOf(db, userId) {
    const totp = await findTotp(db, userId);
    if (!totp?.enabled) return [];
    const left = await countUnusedRecoveryCodes(db, userId);
    return left > 0 ? ['Totp', 'RecoveryCode'] : ['Totp'];
  },
};

const SOURCES: readonly SecondStepSource[] = [totpSource];

/** The second steps the user has set up; empty: the password alone signs in. */
export async function secondStepMethodsOf(
  db: Kysely<DB>,
  userId: string,
): Promise<SecondStepMethod[]> {
  const lists = await Promise.all(SOURCES.map((source) => source.methodsOf(db, userId)));
  return lists.flat();
}

/** The roles the organisers can require a second step of. */
export const STAFF_ROLES: readonly Role[] = ['Admin', 'Monitor'];

/** The organisers require a second step for this role. */
export const secondStepRequiredFor = (
  role: Role,
  policy: Pick<AccountPolicy, 'requireSecondStepForStaff'>,
): boolean => policy.requireSecondStepForStaff === true && STAFF_ROLES.includes(role);
