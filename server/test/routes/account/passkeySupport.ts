// Helpers of the passkey tests: an account with a session, and the two ceremonies (registration
// and sign-in) driven with a software authenticator through the API, cookie and all.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { createUser, type NewUser, type User } from '#server/db/repositories/users.js';
import { PASSKEY_COOKIE } from '#server/routes/account/passkeyCeremony.js';
import { caller, type Caller } from '../../support/app.js';
import { buildNewUser } from '../../support/builders.js';
import type { CeremonyTweaks, SoftAuthenticator } from '../../support/softAuthenticator.js';

/** A new account and a caller signed in as it. */
export async function accountWithSession(
  app: FastifyInstance,
  overrides: Partial<NewUser> = {},
): Promise<{ user: User; token: string; call: Caller }> {
  const user = await createUser(app.db, buildNewUser(overrides));
  const { token } = await createSession(app.db, user.id, { ip: '127.0.0.1', now: Date.now() });
  return { user, token, call: caller(app, token) };
}

/** Starts a ceremony: the options and the `vexil_passkey` cookie's value. */
export async function ceremony(call: Caller, url: string) {
  const response = await call({ method: 'POST', url });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === PASSKEY_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: 300 });
  return { options: response.json(), cookie: cookie!.value };
}

/** Registers the authenticator's credential to the caller's account under the name. */
export async function addPasskey(
  call: Caller,
  authenticator: SoftAuthenticator,
  name = 'Laptop',
  tweaks: CeremonyTweaks = {},
) {
  const { options, cookie } = await ceremony(call, '/api/account/passkeys/registeroptions');
  return call({
    method: 'POST',
    url: '/api/account/passkeys',
    cookies: { [PASSKEY_COOKIE]: cookie },
    payload: { name, credential: authenticator.register(options, tweaks) },
  });
}

/** Signs in with the authenticator alone; returns the answer and what was posted (to replay). */
export async function signInWithPasskey(
  call: Caller,
  authenticator: SoftAuthenticator,
  tweaks: CeremonyTweaks = {},
) {
  const { options, cookie } = await ceremony(call, '/api/account/passkeys/signinoptions');
  const assertion = authenticator.assert(options, tweaks);
  const response = await call({
    method: 'POST',
    url: '/api/account/passkeys/signin',
    cookies: { [PASSKEY_COOKIE]: cookie },
    payload: assertion,
  });
  return { response, assertion, cookie, options };
}
