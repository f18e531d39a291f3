/**
 * Pending sign-ins: a right password whose sign-in waits for its second step (or for the
 * enrolment the account's role requires). The browser holds a random token in the
 * `vexil_second_step` cookie (HttpOnly, SameSite=Strict, 5 minutes); the row keeps its SHA-256.
 * A pending sign-in is used once (`finishSignIn` deletes it in the transaction that opens the
 * session), dies after `MAX_WRONG_ATTEMPTS` wrong codes, and is void once the user's security
 * stamp changes. Wrong codes also count in the sign-in limits of the account and address
 * (services/loginThrottle.ts), like wrong passwords.
 *
 * Request-level on purpose (the agreed interface of issue 26): it reads and sets cookies, answers
 * 401 and opens the session through the account routes' session helpers, so unlike other services
 * it imports from http/ and routes/account/session.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PendingPurpose } from '../../db/tables/twoStep.js';
import { hashSessionToken } from '../../db/repositories/sessions.js';
import {
  consumePendingSignIn,
  countWrongAttempt,
  createPendingSignIn,
  findPendingSignIn,
  pruneExpiredPendingSignIns,
  type PendingSignIn,
} from '../../db/repositories/twoStep.js';
import { findUserById, touchLastVisited, type User } from '../../db/repositories/users.js';
import { withTransaction } from '../../db/transaction.js';
import { unauthorized } from '../../http/errors.js';
import {
  closeCurrentSession,
  forgetCurrentSession,
  openSession,
  setSessionCookie,
} from '../../routes/account/session.js';
import { accountKey } from '../loginThrottle.js';

export type { PendingSignIn } from '../../db/repositories/twoStep.js';

export const SECOND_STEP_COOKIE = 'vexil_second_step';
export const PENDING_TTL_MS = 5 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;
/** The cookie goes with every API request (the passkeys and SSO routes read it too), no further. */
const COOKIE_PATH = '/api';

export const NO_PENDING_SIGN_IN =
  'The sign-in has expired or was already used: please sign in with your password again';

const cookieOptions = (request: FastifyRequest) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

/** After the right password: records the pending sign-in and sets its cookie. */
export async function startPendingSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: Pick<User, 'id' | 'securityStamp'>,
  purpose: PendingPurpose,
): Promise<void> {
  const { db } = request.server;
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await pruneExpiredPendingSignIns(db, now);
  await createPendingSignIn(
    db,
    { id: hashSessionToken(token), userId: user.id, purpose, securityStamp: user.securityStamp },
    now,
    PENDING_TTL_MS,
  );
  reply.setCookie(SECOND_STEP_COOKIE, token, {
    ...cookieOptions(request),
    maxAge: PENDING_TTL_MS / 1000,
  });
}

/** The request's pending sign-in (its user id, purpose, attempts), or null when there is none:
 *  no cookie, unknown, expired, used, dead, or the account changed since. */
export async function pendingSignInOf(request: FastifyRequest): Promise<PendingSignIn | null> {
  const token = request.cookies[SECOND_STEP_COOKIE];
  if (!token) return null;
  return findPendingSignIn(request.server.db, hashSessionToken(token), Date.now());
}

/** Like `pendingSignInOf`, but 401 when there is none. */
export async function requirePendingSignIn(request: FastifyRequest): Promise<PendingSignIn> {
  const pending = await pendingSignInOf(request);
  if (!pending) throw unauthorized(NO_PENDING_SIGN_IN);
  return pending;
}

/** One try at a second step, admitted by the sign-in limits (429 while they are spent). */
export interface SecondStepAttempt {
  /** A wrong code: counts in the limits and against the pending sign-in. */
  wrong(): Promise<void>;
  /** Signed in: clears the address's failures, as a password sign-in does. */
  succeeded(): Promise<void>;
}

export async function admitSecondStepAttempt(
  request: FastifyRequest,
  pending: PendingSignIn,
): Promise<SecondStepAttempt> {
  const attempt = await request.server.loginThrottle.admit(
    accountKey({ id: pending.userId }, ''),
    request.ip,
  );
  return {
    async wrong() {
      await attempt.failed();
      await countWrongAttempt(request.server.db, pending.id, MAX_WRONG_ATTEMPTS);
    },
    succeeded: () => attempt.succeeded(),
  };
}

/** The credential was refused inside the sign-in's transaction (a replayed code, a used recovery
 *  code): everything is rolled back. */
export class CredentialRefused extends Error {}

/**
 * Signs in the user of the request's pending sign-in: in one transaction, uses the pending
 * sign-in up (refused when another request used it first: 401), runs `useCredential` (e.g.
 * records the code's time step; false rolls everything back and throws `CredentialRefused`),
 * ends the request's earlier session and opens a new one; then sets the session cookie and clears
 * the pending one.
 */
export async function finishSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  useCredential?: (trx: Transaction<DB>) => Promise<boolean>,
): Promise<void> {
  const token = request.cookies[SECOND_STEP_COOKIE];
  const { db } = request.server;
  const user = await findUserById(db, userId);
  if (!token || !user) throw unauthorized(NO_PENDING_SIGN_IN);
  const now = Date.now();
  const session = await withTransaction(db, async (trx) => {
    if (!(await consumePendingOf(trx, hashSessionToken(token), userId, now)))
      throw unauthorized(NO_PENDING_SIGN_IN);
    if (useCredential && !(await useCredential(trx))) throw new CredentialRefused();
    await closeCurrentSession(trx, request);
    await touchLastVisited(trx, userId, request.ip, now);
    return openSession(trx, request, userId, now);
  });
  forgetCurrentSession(request);
  reply.clearCookie(SECOND_STEP_COOKIE, cookieOptions(request));
  setSessionCookie(request, reply, session);
  request.log.info(
    { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
    `User ${user.userName} signed in with a second step`,
  );
}

/** Uses up the pending sign-in `id` of `userId` (checked again inside the transaction). */
async function consumePendingOf(
  trx: Kysely<DB>,
  id: string,
  userId: string,
  now: number,
): Promise<boolean> {
  const pending = await findPendingSignIn(trx, id, now);
  if (!pending || pending.userId !== userId) return false;
  return consumePendingSignIn(trx, id, now);
}
