/**
 * Which second steps an account has, from every source of them. Each kind of credential (the
 * authenticator app, passkeys) is one `SecondStepSource` in `SOURCES`: adding a method
 * is one entry there, and the sign-in, the pending sign-in and the answer to the password do not
 * change.
 */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { DB } from '../../db/schema.js';
import type { Role } from '../../db/tables/accounts.js';
import { countUnusedRecoveryCodes, findTotp } from '../../db/repositories/twoStep.js';
import { hasPasskeys } from '../passkeys/secondStep.js';
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

/** The account's passkeys. */
export const passkeySource: SecondStepSource = {
  async methodsOf(db, userId) {
    return (await hasPasskeys(db, userId)) ? ['Passkey'] : [];
  },
};

const SOURCES: readonly SecondStepSource[] = [totpSource, passkeySource];

/**
 * The second steps the user has set up; empty: the password alone signs in. Passkeys are offered
 * beside the authenticator app but do not turn a second step on by themselves: a passkey is first
 * a way to sign in without a password, and the app's recovery codes are what brings back an
 * account whose devices are lost (a passkey-only second step would lock it out).
 */
export async function secondStepMethodsOf(
  db: Kysely<DB>,
  userId: string,
): Promise<SecondStepMethod[]> {
  const lists = await Promise.all(SOURCES.map((source) => source.methodsOf(db, userId)));
  const methods = lists.flat();
  return methods.some((method) => method !== 'Passkey') ? methods : [];
}

/** The roles the organisers can require a second step of. */
export const STAFF_ROLES: readonly Role[] = ['Admin', 'Monitor'];

/** The organisers require a second step for this role. */
export const secondStepRequiredFor = (
  role: Role,
  policy: Pick<AccountPolicy, 'requireSecondStepForStaff'>,
): boolean => policy.requireSecondStepForStaff === true && STAFF_ROLES.includes(role);
