// Accounts for admin route tests: a user row together with a caller signed in as that user.
import type { FastifyInstance } from 'fastify';
import { createSession } from '#server/db/repositories/sessions.js';
import { createUser, type NewUser, type User } from '#server/db/repositories/users.js';
import { caller, type Caller } from '../../support/app.js';
import { buildNewUser } from '../../support/builders.js';

export async function signedInUser(
  app: FastifyInstance,
  overrides: Partial<NewUser> = {},
): Promise<{ user: User; call: Caller }> {
  const user = await createUser(app.db, buildNewUser(overrides));
  const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
  return { user, call: caller(app, token) };
}

/** A text unlikely to occur in any other row, for searches. */
export const uniqueText = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;
