// Accounts. User names and emails are unique case-insensitively through their lower-cased
// `normalized_*` columns; every lookup by name or email goes through `normalizeKey`.
import { sql, type Kysely, type Updateable } from 'kysely';
import { newGuidV7, newSecurityStamp } from '../ids.js';
import type { DB } from '../schema.js';
import type { Role, UserRow, UsersTable } from '../tables/accounts.js';
import { fromFlag, toFlag } from '../tables/columns.js';
import { swapAvatarHash } from './avatars.js';

export interface User {
  id: string;
  userName: string;
  email: string;
  passwordHash: string | null;
  role: Role;
  emailConfirmed: boolean;
  bio: string;
  phone: string | null;
  realName: string;
  stdNumber: string;
  avatarHash: string | null;
  registerTime: number;
  lastVisited: number;
  lastIp: string;
  securityStamp: string;
}

export interface NewUser {
  userName: string;
  email: string;
  passwordHash?: string | null;
  role?: Role;
  emailConfirmed?: boolean;
  bio?: string;
  phone?: string | null;
  realName?: string;
  stdNumber?: string;
  registerTime?: number;
}

/** Fields that may change after creation; user name and email keep their normalized copies. */
export type UserPatch = Partial<Omit<User, 'id' | 'lastVisited' | 'lastIp'>>;

/** The case-insensitive key of a user name or email. */
export const normalizeKey = (value: string): string => value.toLowerCase();

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    userName: row.user_name,
    email: row.email,
    passwordHash: row.password_hash,
    role: row.role,
    emailConfirmed: fromFlag(row.email_confirmed),
    bio: row.bio,
    phone: row.phone,
    realName: row.real_name,
    stdNumber: row.std_number,
    avatarHash: row.avatar_hash,
    registerTime: row.register_time,
    lastVisited: row.last_visited,
    lastIp: row.last_ip,
    securityStamp: row.security_stamp,
  };
}

function toUpdate(patch: UserPatch): Updateable<UsersTable> {
  const update: Updateable<UsersTable> = {};
  if (patch.userName !== undefined) {
    update.user_name = patch.userName;
    update.normalized_user_name = normalizeKey(patch.userName);
  }
  if (patch.email !== undefined) {
    update.email = patch.email;
    update.normalized_email = normalizeKey(patch.email);
  }
  if (patch.passwordHash !== undefined) update.password_hash = patch.passwordHash;
  if (patch.role !== undefined) update.role = patch.role;
  if (patch.emailConfirmed !== undefined) update.email_confirmed = toFlag(patch.emailConfirmed);
  if (patch.bio !== undefined) update.bio = patch.bio;
  if (patch.phone !== undefined) update.phone = patch.phone;
  if (patch.realName !== undefined) update.real_name = patch.realName;
  if (patch.stdNumber !== undefined) update.std_number = patch.stdNumber;
  if (patch.avatarHash !== undefined) update.avatar_hash = patch.avatarHash;
  if (patch.registerTime !== undefined) update.register_time = patch.registerTime;
  if (patch.securityStamp !== undefined) update.security_stamp = patch.securityStamp;
  return update;
}

/** Inserts a user with a new GUID v7 id and security stamp. A taken user name or email
 *  (in any case) rejects with a unique violation (see `isUniqueViolation`). */
export async function createUser(db: Kysely<DB>, input: NewUser): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({
      id: newGuidV7(),
      user_name: input.userName,
      normalized_user_name: normalizeKey(input.userName),
      email: input.email,
      normalized_email: normalizeKey(input.email),
      password_hash: input.passwordHash ?? null,
      role: input.role ?? 'User',
      email_confirmed: toFlag(input.emailConfirmed ?? false),
      bio: input.bio ?? '',
      phone: input.phone ?? null,
      real_name: input.realName ?? '',
      std_number: input.stdNumber ?? '',
      register_time: input.registerTime ?? 0,
      security_stamp: newSecurityStamp(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

export async function findUserById(db: Kysely<DB>, id: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Kysely<DB>, email: string): Promise<User | null> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('normalized_email', '=', normalizeKey(email))
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** Login lookup: matches the user name or the email, case-insensitively; a user-name match
 *  wins over another user's email. */
export async function findUserByUserNameOrEmail(
  db: Kysely<DB>,
  nameOrEmail: string,
): Promise<User | null> {
  const key = normalizeKey(nameOrEmail);
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('normalized_user_name', '=', key), eb('normalized_email', '=', key)]))
    .execute();
  const row = rows.find((r) => r.normalized_user_name === key) ?? rows[0];
  return row ? toUser(row) : null;
}

export async function updateUserRole(db: Kysely<DB>, id: string, role: Role): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Applies `patch` and returns the updated user, or null when there is no such user. */
export async function updateUserFields(
  db: Kysely<DB>,
  id: string,
  patch: UserPatch,
): Promise<User | null> {
  const update = toUpdate(patch);
  if (Object.keys(update).length === 0) return findUserById(db, id);
  const row = await db
    .updateTable('users')
    .set(update)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/**
 * Applies the patch only while the user still has `expectedStamp` (compare-and-swap): of two
 * requests racing with the same single-use token, one wins. Returns whether it applied.
 */
export async function updateUserFieldsIfStamp(
  db: Kysely<DB>,
  id: string,
  expectedStamp: string,
  patch: UserPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set(toUpdate(patch))
    .where('id', '=', id)
    .where('security_stamp', '=', expectedStamp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets the avatar and returns the one it replaced (race-safe); null when no such user. */
export const swapUserAvatar = (db: Kysely<DB>, id: string, avatarHash: string | null) =>
  swapAvatarHash(db, 'users', id, avatarHash);

/** Gives the user a new security stamp, which voids every existing session. */
export async function rotateSecurityStamp(db: Kysely<DB>, id: string): Promise<string | null> {
  const stamp = newSecurityStamp();
  const user = await updateUserFields(db, id, { securityStamp: stamp });
  return user ? stamp : null;
}

export async function touchLastVisited(
  db: Kysely<DB>,
  id: string,
  ip: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_visited: now, last_ip: ip })
    .where('id', '=', id)
    .execute();
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A page of users by id ascending (GUID v7, so creation order). */
export async function listUsers(db: Kysely<DB>, skip: number, count: number): Promise<User[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .orderBy('id')
    .limit(count)
    .offset(skip)
    .execute();
  return rows.map(toUser);
}

/** Users whose user name or email is one of the given ones (compared case-insensitively). */
export async function findUsersByUserNamesOrEmails(
  db: Kysely<DB>,
  keys: { userNames: string[]; emails: string[] },
): Promise<User[]> {
  const userNames = [...new Set(keys.userNames.map(normalizeKey))];
  const emails = [...new Set(keys.emails.map(normalizeKey))];
  const found = new Map<string, User>();
  // In slices, to stay far below the drivers' limits on bound parameters.
  for (let start = 0; start < Math.max(userNames.length, emails.length); start += 500) {
    const names = userNames.slice(start, start + 500);
    const mails = emails.slice(start, start + 500);
    const rows = await db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(names.length > 0 ? [eb('normalized_user_name', 'in', names)] : []),
          ...(mails.length > 0 ? [eb('normalized_email', 'in', mails)] : []),
        ]),
      )
      .execute();
    for (const row of rows) found.set(row.id, toUser(row));
  }
  return [...found.values()];
}

export const USER_SEARCH_LIMIT = 30;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users (by id, at most `limit`) whose user name, student number, email, phone, id or real name
 *  contains `hint`, case-insensitively (non-ASCII letters fold on PostgreSQL only). */
export async function searchUsers(
  db: Kysely<DB>,
  hint: string,
  limit: number = USER_SEARCH_LIMIT,
): Promise<User[]> {
  const pattern = `%${escapeLike(normalizeKey(hint))}%`;
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or(
        [
          eb.ref('normalized_user_name'),
          sql`lower(std_number)`,
          eb.ref('normalized_email'),
          sql`lower(coalesce(phone, ''))`,
          eb.ref('id'),
          sql`lower(real_name)`,
        ].map((text) => sql<boolean>`${text} like ${pattern} escape '\\'`),
      ),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toUser);
}

/** Deletes the user (their sessions go with them). */
export async function deleteUser(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
