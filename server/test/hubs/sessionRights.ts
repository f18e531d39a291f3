// Helpers of the tests that hub connections follow the session that opened them (issue 23): a
// signed-in account with a real password, a hub client that records what it receives and how it
// closed, and the account changes that must close it.
import type { HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import type { User } from '#server/db/repositories/users.js';
import type { Role } from '#server/db/tables/accounts.js';
import { caller, type Caller } from '../support/app.js';
import { createAccount, PASSWORD } from '../routes/account/support.js';
import { hubClient } from './support.js';

export interface SignedIn {
  user: User;
  token: string;
  /** A caller with this session (and the XSRF pair). */
  call: Caller;
}

/** An account of the role with PASSWORD, signed in with a session of `ttlMs` (default 7 days). */
export async function signedIn(
  app: FastifyInstance,
  role: Role,
  ttlMs?: number,
): Promise<SignedIn> {
  const user = await createAccount(app, { role });
  const { token } = await createSession(app.db, user.id, {
    ip: '127.0.0.1',
    now: Date.now(),
    ttlMs,
  });
  return { user, token, call: caller(app, token) };
}

export interface WatchedHub {
  connection: HubConnection;
  /** Every message received so far, per target, as its first argument. */
  received: Map<string, unknown[]>;
  /** Resolves with the error the connection closed with (undefined: closed without one). */
  closed: Promise<Error | undefined>;
}

/** Opens a hub connection with the session and records what it receives for `targets`. */
export async function openHub(
  url: string,
  session: string,
  targets: string[],
): Promise<WatchedHub> {
  const connection = hubClient(url, { session });
  const received = new Map<string, unknown[]>(targets.map((target) => [target, []]));
  for (const target of targets) connection.on(target, (value) => received.get(target)!.push(value));
  const closed = new Promise<Error | undefined>((resolve) => connection.onclose(resolve));
  await connection.start();
  return { connection, received, closed };
}

/** Resolves once `probe()` made something arrive for `target` that `arrived` recognises: proves
 *  the connection is open and subscribed (publishing until then, as a SUBSCRIBE may be on its
 *  way). */
export async function whenLive(
  hub: WatchedHub,
  target: string,
  probe: () => void,
  arrived: (value: unknown) => boolean,
): Promise<void> {
  const seen = () => hub.received.get(target)!.some(arrived);
  while (!seen()) {
    probe();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for the connection to close and answers its close error (fails if it stays open). */
export async function closedWithError(hub: WatchedHub): Promise<Error> {
  const error = await Promise.race([
    hub.closed,
    // Only so that a connection that never closes fails the test with a clear message.
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 15_000)),
  ]);
  expect(error, 'the connection was closed').not.toBe('open');
  expect(error, 'with an error').toBeInstanceOf(Error);
  return error as Error;
}

/** The account changes that end a session's rights, each through the API as a client makes it. */
export type Change = (target: SignedIn, admin: Caller) => Promise<{ statusCode: number }>;

export const RIGHTS_ENDING_CHANGES: [string, Change][] = [
  ['signs out', (target) => target.call({ method: 'POST', url: '/api/account/logout' })],
  [
    'changes their password',
    (target) =>
      target.call({
        method: 'PUT',
        url: '/api/account/changepassword',
        payload: { old: PASSWORD, new: 'Changed456' },
      }),
  ],
  [
    'is banned',
    (target, admin) =>
      admin({
        method: 'PUT',
        url: `/api/admin/users/${target.user.id}`,
        payload: { role: 'Banned' },
      }),
  ],
  [
    'is demoted to User',
    (target, admin) =>
      admin({
        method: 'PUT',
        url: `/api/admin/users/${target.user.id}`,
        payload: { role: 'User' },
      }),
  ],
  [
    'has their password reset by an admin',
    (target, admin) =>
      admin({ method: 'DELETE', url: `/api/admin/users/${target.user.id}/password` }),
  ],
  [
    'is deleted',
    (target, admin) => admin({ method: 'DELETE', url: `/api/admin/users/${target.user.id}` }),
  ],
];
