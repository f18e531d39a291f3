/**
 * Sign-in sessions for the account handlers: the `vexil_session` cookie (HttpOnly, SameSite=Lax,
 * Path=/, Secure over HTTPS, 7 days) and the session rows behind it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import {
  createSession,
  deleteSession,
  deleteSessionsForUser,
  SESSION_TTL_MS,
} from '../../db/repositories/sessions.js';
import { SESSION_COOKIE } from '../../plugins/auth.js';

/** Starts a session for the user (inside the caller's transaction when given one). */
export async function openSession(
  db: Kysely<DB>,
  request: FastifyRequest,
  userId: string,
  now = Date.now(),
): Promise<string> {
  const meta = { ip: request.ip, userAgent: request.headers['user-agent'] ?? null, now };
  return (await createSession(db, userId, meta)).token;
}

/** Ends the session the request came with, if any. Inside a transaction, call
 *  `forgetCurrentSession` once it has committed. */
export async function closeCurrentSession(db: Kysely<DB>, request: FastifyRequest): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(db, token);
}

/** Drops the cached copy of the request's session on every instance, after its row is gone
 *  (earlier, a concurrent request could cache the row again). */
export function forgetCurrentSession(request: FastifyRequest): void {
  const token = request.cookies[SESSION_COOKIE];
  if (token) request.server.sessions.forgetToken(token);
}

/** After the security stamp rotated: drops every session of the user (all void now) and opens
 *  a new one for the caller, so only the current device stays signed in. Once the transaction has
 *  committed, call `sessions.forgetUser`. */
export async function renewSession(
  db: Kysely<DB>,
  request: FastifyRequest,
  userId: string,
): Promise<string> {
  await deleteSessionsForUser(db, userId);
  return openSession(db, request, userId);
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
