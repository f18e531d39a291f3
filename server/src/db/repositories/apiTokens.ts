// Personal API tokens (issue 26). The table keeps the SHA-256 of each secret; a token is valid
// while it has not expired, was made under its user's current security stamp, and its scope fits
// the user's current role (`ROLES_FOR_SCOPE`). Lists show only valid tokens.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { newGuidV7 } from '../ids.js';
import type { DB } from '../schema.js';
import type { Role } from '../tables/accounts.js';
import { API_TOKEN_SCOPES, ROLES_FOR_SCOPE, type ApiTokenScope } from '../tables/apiTokens.js';

export interface ApiToken {
  id: string;
  userId: string;
  name: string;
  scope: ApiTokenScope;
  createdAt: number;
  expiresAt: number | null;
  lastUsedAt: number | null;
  lastUsedIp: string | null;
}

export interface ApiTokenWithOwner extends ApiToken {
  userName: string;
}

/** A valid token with what a request needs of its user. */
export interface ApiTokenHolder {
  token: ApiToken;
  user: { id: string; userName: string; role: Role };
}

export interface NewApiToken {
  userId: string;
  name: string;
  scope: ApiTokenScope;
  tokenHash: string;
  expiresAt: number | null;
  now: number;
}

const nullableMs = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

interface TokenColumns {
  id: string;
  user_id: string;
  name: string;
  scope: ApiTokenScope;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  last_used_ip: string | null;
}

function toApiToken(row: TokenColumns): ApiToken {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    scope: row.scope,
    createdAt: Number(row.created_at),
    expiresAt: nullableMs(row.expires_at),
    lastUsedAt: nullableMs(row.last_used_at),
    lastUsedIp: row.last_used_ip,
  };
}

const TOKEN_COLUMNS = [
  'api_tokens.id',
  'api_tokens.user_id',
  'api_tokens.name',
  'api_tokens.scope',
  'api_tokens.created_at',
  'api_tokens.expires_at',
  'api_tokens.last_used_at',
  'api_tokens.last_used_ip',
] as const;

/** Narrows a query over `api_tokens ⋈ users` to valid tokens at `now`. */
function onlyValid<O>(
  query: SelectQueryBuilder<DB, 'api_tokens' | 'users', O>,
  now: number,
): SelectQueryBuilder<DB, 'api_tokens' | 'users', O> {
  return query
    .whereRef('api_tokens.security_stamp', '=', 'users.security_stamp')
    .where((eb) =>
      eb.or([eb('api_tokens.expires_at', 'is', null), eb('api_tokens.expires_at', '>', now)]),
    )
    .where((eb) =>
      eb.or(
        API_TOKEN_SCOPES.map((scope) =>
          eb.and([
            eb('api_tokens.scope', '=', scope),
            eb('users.role', 'in', [...ROLES_FOR_SCOPE[scope]]),
          ]),
        ),
      ),
    );
}

/** Stores a token for the user under their current security stamp. Throws if no such user. */
export async function createApiToken(db: Kysely<DB>, input: NewApiToken): Promise<ApiToken> {
  const user = await db
    .selectFrom('users')
    .select('security_stamp')
    .where('id', '=', input.userId)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('api_tokens')
    .values({
      id: newGuidV7(input.now),
      user_id: input.userId,
      name: input.name,
      scope: input.scope,
      token_hash: input.tokenHash,
      security_stamp: user.security_stamp,
      created_at: input.now,
      expires_at: input.expiresAt,
      last_used_at: null,
      last_used_ip: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toApiToken(row);
}

/** The valid token of this hash with its user, or null (unknown, expired, voided). */
export async function findValidApiToken(
  db: Kysely<DB>,
  tokenHash: string,
  now: number,
): Promise<ApiTokenHolder | null> {
  const row = await onlyValid(
    db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select([...TOKEN_COLUMNS, 'users.user_name', 'users.role']),
    now,
  )
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    token: toApiToken(row),
    user: { id: row.user_id, userName: row.user_name, role: row.role },
  };
}

/** The user's valid tokens, newest first. */
export async function listUserApiTokens(
  db: Kysely<DB>,
  userId: string,
  now: number,
): Promise<ApiToken[]> {
  const rows = await onlyValid(
    db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select(TOKEN_COLUMNS),
    now,
  )
    .where('api_tokens.user_id', '=', userId)
    .orderBy('api_tokens.id', 'desc')
    .execute();
  return rows.map(toApiToken);
}

/** A page of valid tokens (of one user, or everyone's), newest first, and how many there are. */
export async function listApiTokens(
  db: Kysely<DB>,
  filter: { userId?: string; skip: number; count: number },
  now: number,
): Promise<{ tokens: ApiTokenWithOwner[]; total: number }> {
  let base = onlyValid(
    db.selectFrom('api_tokens').innerJoin('users', 'users.id', 'api_tokens.user_id').select([]),
    now,
  );
  if (filter.userId) base = base.where('api_tokens.user_id', '=', filter.userId);
  const [rows, counted] = await Promise.all([
    base
      .select([...TOKEN_COLUMNS, 'users.user_name'])
      .orderBy('api_tokens.id', 'desc')
      .offset(filter.skip)
      .limit(filter.count)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    tokens: rows.map((row) => ({ ...toApiToken(row), userName: row.user_name })),
    total: Number(counted.total),
  };
}

/** Deletes a token (of `userId` only, when given); returns its hash, or null when none matched. */
export async function deleteApiToken(
  db: Kysely<DB>,
  id: string,
  userId?: string,
): Promise<string | null> {
  let query = db.deleteFrom('api_tokens').where('id', '=', id);
  if (userId) query = query.where('user_id', '=', userId);
  const row = await query.returning('token_hash').executeTakeFirst();
  return row?.token_hash ?? null;
}

/** Ends the user's tokens whose scope no longer fits their role (after a role change). */
export async function deleteApiTokensAboveRole(
  db: Kysely<DB>,
  userId: string,
  role: Role,
): Promise<number> {
  const unfit = API_TOKEN_SCOPES.filter((scope) => !ROLES_FOR_SCOPE[scope].includes(role));
  if (unfit.length === 0) return 0;
  const result = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('scope', 'in', unfit)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records a token's last use. */
export async function touchApiToken(
  db: Kysely<DB>,
  id: string,
  use: { at: number; ip: string },
): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: use.at, last_used_ip: use.ip })
    .where('id', '=', id)
    .execute();
}

/** Which of these users have at least one valid token (the console's users list, issue 26 item 5). */
export async function usersWithApiTokens(
  db: Kysely<DB>,
  userIds: readonly string[],
  now: number,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await onlyValid(
    db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .select('api_tokens.user_id')
      .distinct(),
    now,
  )
    .where('api_tokens.user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((row) => row.user_id));
}
