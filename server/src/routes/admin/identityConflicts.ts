/**
 * User names and emails are unique case-insensitively. These checks name the first clash, so an
 * administrator learns which entry to fix; the unique indexes still guard against races.
 */
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import { findUsersByUserNamesOrEmails, normalizeKey } from '../../db/repositories/users.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';

export interface Identity {
  userName?: string;
  email?: string;
}

export const userNameTaken = (name: string) =>
  badRequest(`The user name ${name} is already in use`);
export const emailTaken = (email: string) => badRequest(`The email ${email} is already in use`);

/** Throws 400 when two identities share a user name or an email. */
export function assertDistinct(identities: Identity[]): void {
  const names = new Set<string>();
  const emails = new Set<string>();
  for (const { userName, email } of identities) {
    if (userName !== undefined) {
      if (names.has(normalizeKey(userName))) throw userNameTaken(userName);
      names.add(normalizeKey(userName));
    }
    if (email !== undefined) {
      if (emails.has(normalizeKey(email))) throw emailTaken(email);
      emails.add(normalizeKey(email));
    }
  }
}

/** Throws 400 when an account other than `exceptUserId` already uses one of the names or emails. */
export async function assertUnused(
  db: Kysely<DB>,
  identities: Identity[],
  exceptUserId?: string,
): Promise<void> {
  const userNames = identities.flatMap((i) => (i.userName === undefined ? [] : [i.userName]));
  const emails = identities.flatMap((i) => (i.email === undefined ? [] : [i.email]));
  if (userNames.length === 0 && emails.length === 0) return;
  const others = (await findUsersByUserNamesOrEmails(db, { userNames, emails })).filter(
    (user) => user.id !== exceptUserId,
  );
  const takenNames = new Set(others.map((user) => normalizeKey(user.userName)));
  const takenEmails = new Set(others.map((user) => normalizeKey(user.email)));
  for (const { userName, email } of identities) {
    if (userName !== undefined && takenNames.has(normalizeKey(userName)))
      throw userNameTaken(userName);
    if (email !== undefined && takenEmails.has(normalizeKey(email))) throw emailTaken(email);
  }
}

/** Turns a unique violation that slipped past the checks (a concurrent change) into a 400. */
export function rethrowAsTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw badRequest('The user name or email is already in use');
  throw error;
}
