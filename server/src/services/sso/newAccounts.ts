/**
 * The account a first single sign-on makes, under the account policy: registration must be open,
 * the e-mail given, allowed and not in use (an account that has it links the identity from its
 * profile: never silently here), and it is confirmed only when the provider says it is verified.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import { insertIdentity } from '../../db/repositories/sso.js';
import {
  createUser,
  findUserByEmail,
  findUserByUserNameOrEmail,
  type User,
} from '../../db/repositories/users.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { emailDomainAllowed } from '../../domain/accountPolicy.js';
import type { AccountPolicy } from '../../domain/siteSettings.js';
import {
  baseUserName,
  userNameCandidate,
  type ExternalIdentity,
} from '../../domain/sso/identity.js';

/** Why no account is made (the codes the sign-in page explains). */
export type NewAccountRefusal =
  'RegistrationClosed' | 'EmailMissing' | 'EmailDomain' | 'EmailTaken';

/** Whether a new account of this identity is confirmed (may sign in) at once. */
export function confirmedAtOnce(policy: AccountPolicy, identity: ExternalIdentity): boolean {
  return identity.emailVerified && (policy.activeOnRegister || policy.emailConfirmationRequired);
}

export async function newAccountRefusal(
  db: Kysely<DB>,
  policy: AccountPolicy,
  identity: ExternalIdentity,
): Promise<NewAccountRefusal | null> {
  if (!policy.allowRegister) return 'RegistrationClosed';
  if (!identity.email) return 'EmailMissing';
  if (!emailDomainAllowed(identity.email, policy.emailDomainList)) return 'EmailDomain';
  if (await findUserByEmail(db, identity.email)) return 'EmailTaken';
  return null;
}

const NAME_ATTEMPTS = 12;

/**
 * Makes the account and links the identity in the caller's transaction, with the first free user
 * name of the candidates. The e-mail's uniqueness is the database's to keep: a concurrent sign-up
 * with it makes this reject with a unique violation.
 */
export async function createSsoAccount(
  db: Kysely<DB>,
  provider: string,
  identity: ExternalIdentity & { email: string },
  confirmed: boolean,
  now = Date.now(),
): Promise<User> {
  const base = baseUserName(identity);
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const userName = userNameCandidate(base, attempt, randomInt(1000, 10_000));
    if (await findUserByUserNameOrEmail(db, userName)) continue;
    try {
      // A savepoint per try on PostgreSQL would be needed to go on after a violation; a name
      // taken between the check and the insert is rare enough to fail the sign-in once.
      return await withTransaction(db, async (trx) => {
        const user = await createUser(trx, {
          userName,
          email: identity.email,
          passwordHash: null,
          emailConfirmed: confirmed,
          realName: identity.displayName ?? '',
          registerTime: now,
        });
        await insertIdentity(trx, {
          provider,
          subject: identity.subject,
          userId: user.id,
          email: identity.email,
          linkedAt: now,
        });
        return user;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || db.isTransaction) throw error;
    }
  }
  throw new Error('No free user name was found for the new account');
}
