// Login sessions. The client holds a random token; the table keeps only its SHA-256, so a leaked
// database yields no usable cookie. A session is valid while it has not expired and was created
// under the user's current security stamp.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { SessionRow } from '../tables/accounts.js';
import { toUser, type User } from './users.js';

/** The contract's sliding expiry: seven days since the last touch. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface Session {
  /** SHA-256 hex of the token. */
  id: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
  ip: string;
  userAgent: string | null;
  securityStamp: string;
}

export interface SessionMeta {
  ip: string;
  userAgent?: string | null;
  now: number;
  /** Lifetime from `now`; defaults to SESSION_TTL_MS. */
  ttlMs?: number;
}

export interface ValidSession {
  session: Session;
  user: User;
}

/** 32 random bytes, base64url. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export const hashSessionToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    ip: row.ip,
    userAgent: row.user_agent,
    securityStamp: row.security_stamp,
  };
}

/** Starts a session for the user under their current security stamp; returns the raw token
 *  (give it to the client, it is not kept) and the stored session. Throws if no such user. */
export async function createSession(
  db: Kysely<DB>,
  userId: string,
  meta: SessionMeta,
): Promise<{ token: string; session: Session }> {
  const user = await db
    .selectFrom('users')
    .select('security_stamp')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new Error(`No user ${userId}`);
  const token = newSessionToken();
  const row = await db
    .insertInto('sessions')
    .values({
      id: hashSessionToken(token),
      user_id: userId,
      created_at: meta.now,
      expires_at: meta.now + (meta.ttlMs ?? SESSION_TTL_MS),
      last_seen_at: meta.now,
      ip: meta.ip,
      user_agent: meta.userAgent ?? null,
      security_stamp: user.security_stamp,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session: toSession(row) };
}

/** The session of `token` with its user, or null when unknown, expired or made under an older
 *  security stamp. Banned users are returned: the caller decides what they may do. */
export async function findValidSession(
  db: Kysely<DB>,
  token: string,
  now: number,
): Promise<ValidSession | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.ip as session_ip',
      'sessions.user_agent as session_user_agent',
      'sessions.security_stamp as session_security_stamp',
    ])
    .where('sessions.id', '=', hashSessionToken(token))
    .where('sessions.expires_at', '>', now)
    .whereRef('sessions.security_stamp', '=', 'users.security_stamp')
    .executeTakeFirst();
  if (!row) return null;
  const session = toSession({
    id: row.session_id,
    user_id: row.id,
    created_at: row.session_created_at,
    expires_at: row.session_expires_at,
    last_seen_at: row.session_last_seen_at,
    ip: row.session_ip,
    user_agent: row.session_user_agent,
    security_stamp: row.session_security_stamp,
  });
  return { session, user: toUser(row) };
}

/** Who holds a valid session now, as `findValidSession` decides it (live hubs, issue 23). */
export interface SessionHolder {
  expiresAt: number;
  user: Pick<User, 'id' | 'userName' | 'role'>;
}

/** The sessions among `sessionIds` (SHA-256 hex ids, not tokens) that are still valid at `now`,
 *  by id, with their user; the others are missing from the map. One query for all of them. */
export async function findValidSessionHolders(
  db: Kysely<DB>,
  sessionIds: readonly string[],
  now: number,
): Promise<Map<string, SessionHolder>> {
  const holders = new Map<string, SessionHolder>();
  if (sessionIds.length === 0) return holders;
  const rows = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at',
      'users.id',
      'users.user_name',
      'users.role',
    ])
    .where('sessions.id', 'in', [...sessionIds])
    .where('sessions.expires_at', '>', now)
    .whereRef('sessions.security_stamp', '=', 'users.security_stamp')
    .execute();
  for (const row of rows) {
    holders.set(row.session_id, {
      expiresAt: Number(row.expires_at),
      user: { id: row.id, userName: row.user_name, role: row.role },
    });
  }
  return holders;
}

/** Sliding expiry: marks the session seen at `now` and extends it to `now + ttlMs`. */
export async function touchSession(
  db: Kysely<DB>,
  sessionId: string,
  now: number,
  ttlMs: number = SESSION_TTL_MS,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: now + ttlMs })
    .where('id', '=', sessionId)
    .execute();
}

/** Logs out the session of `token`. */
export async function deleteSession(db: Kysely<DB>, token: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', hashSessionToken(token))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Logs the user out everywhere, optionally keeping one session (by id). */
export async function deleteSessionsForUser(
  db: Kysely<DB>,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions that expired at or before `now`. */
export async function pruneExpiredSessions(db: Kysely<DB>, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
