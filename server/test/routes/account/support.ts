// Helpers of the account route tests: accounts with a real password, the account policy, and
// the session cookie of a response.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createUser, type NewUser, type User } from '#server/db/repositories/users.js';
import { hashPassword } from '#server/domain/passwords.js';
import { rowsFromSettings, type AccountPolicy } from '#server/domain/siteSettings.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { caller, type Caller } from '../../support/app.js';
import { buildNewUser } from '../../support/builders.js';

export const PASSWORD = 'Secret123';

let hashed: Promise<string> | undefined;

/** A confirmed User whose password is PASSWORD (hashed once per test file). */
export async function createAccount(
  app: FastifyInstance,
  overrides: Partial<NewUser> = {},
): Promise<User> {
  hashed ??= hashPassword(PASSWORD);
  return createUser(app.db, buildNewUser({ passwordHash: await hashed, ...overrides }));
}

export async function setAccountPolicy(
  app: FastifyInstance,
  policy: Partial<AccountPolicy>,
): Promise<void> {
  await app.settings.save(rowsFromSettings({ accountPolicy: policy }));
}

export const DEFAULT_POLICY: AccountPolicy = {
  allowRegister: true,
  activeOnRegister: true,
  useCaptcha: false,
  emailConfirmationRequired: false,
  emailDomainList: '',
};

/** The `vexil_session` cookie a response sets (undefined when none). */
export function sessionCookie(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === SESSION_COOKIE);
}

/** Asserts the response signs in with a well-formed cookie and returns a caller using it. */
export function signedInCaller(app: FastifyInstance, response: LightMyRequestResponse): Caller {
  const cookie = sessionCookie(response);
  expect(cookie, 'a session cookie').toBeDefined();
  expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 604800 });
  return caller(app, cookie?.value);
}

/** Signs in through the API and returns a caller with the new session. */
export async function logIn(
  app: FastifyInstance,
  userName: string,
  password = PASSWORD,
): Promise<Caller> {
  const response = await caller(app)({
    method: 'POST',
    url: '/api/account/login',
    payload: { userName, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return signedInCaller(app, response);
}

export const profileOf = async (call: Caller) =>
  call({ method: 'GET', url: '/api/account/profile' });
