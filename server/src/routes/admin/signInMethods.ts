/**
 * How each listed user can sign in (issue 26, item 5): the administrators' users list shows,
 * per user, whether a password, an authenticator app, passkeys, single sign-on links and API
 * tokens are set up. One query per kind for the whole page, never one per user.
 */
import type { Kysely } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { DB } from '../../db/schema.js';
import type { User } from '../../db/repositories/users.js';
import { usersWithApiTokens } from '../../db/repositories/apiTokens.js';
import { usersWithPasskeys } from '../../db/repositories/passkeys.js';
import { ssoProvidersOfUsers } from '../../db/repositories/sso.js';
import { usersWithTotp } from '../../db/repositories/twoStep.js';

export type SignInMethods = components['schemas']['SignInMethodsModel'];

export async function signInMethodsOf(
  db: Kysely<DB>,
  users: readonly User[],
  now = Date.now(),
): Promise<Map<string, SignInMethods>> {
  const ids = users.map((user) => user.id);
  const [tokens, passkeys, sso, totp] = await Promise.all([
    usersWithApiTokens(db, ids, now),
    usersWithPasskeys(db, ids),
    ssoProvidersOfUsers(db, ids),
    usersWithTotp(db, ids),
  ]);
  return new Map(
    users.map((user) => [
      user.id,
      {
        password: user.passwordHash !== null,
        authenticatorApp: totp.has(user.id),
        passkeys: passkeys.has(user.id),
        singleSignOn: sso.get(user.id) ?? [],
        apiTokens: tokens.has(user.id),
      },
    ]),
  );
}
