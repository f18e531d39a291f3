// A single sign-on does not walk past a second step (issue 26): an account with an authenticator
// app is asked for its code after the provider's answer, as after its password, and a staff
// account the organisers require a second step of must enrol one first.
import { expect, it } from 'vitest';
import { findUserByEmail, updateUserRole } from '#server/db/repositories/users.js';
import { SESSION_COOKIE } from '#server/plugins/auth.js';
import { SECOND_STEP_COOKIE } from '#server/services/secondStep/index.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { DEFAULT_POLICY, setAccountPolicy } from './support.js';
import { cookieOf, locationOf, ssoSignIn } from './ssoSupport.js';
import { useSsoTestApp, useTestIdentityProvider } from './ssoTestApp.js';
import { codeAt, freshStep } from './twoStepSupport.js';

const idp = useTestIdentityProvider();

describeEachDatabase('single sign-on and the second step', (getDb) => {
  const server = useSsoTestApp(getDb, idp);

  it('asks an account with an authenticator app for its code after the provider', async () => {
    const first = await ssoSignIn(server.app, idp(), 'idp', 'erin');
    const call = caller(server.app, cookieOf(first, SESSION_COOKIE));
    const started = await call({ method: 'POST', url: '/api/account/two-step/totp' });
    const { secret } = started.json() as { secret: string };
    const step = await freshStep();
    const confirmed = await call({
      method: 'POST',
      url: '/api/account/two-step/totp/confirm',
      payload: { code: await codeAt(secret, step - 1) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const again = await ssoSignIn(server.app, idp(), 'idp', 'erin', { query: '?from=/games/7' });
    expect(cookieOf(again, SESSION_COOKIE)).toBeUndefined();
    const location = locationOf(again);
    expect(location.pathname).toBe('/account/login');
    expect(location.searchParams.has('second-step')).toBe(true);
    expect(location.searchParams.get('from')).toBe('/games/7');
    const pending = cookieOf(again, SECOND_STEP_COOKIE)!;
    expect(pending).toBeTruthy();

    const asked = await caller(server.app)({
      method: 'GET',
      url: '/api/account/login/second-step',
      cookies: { [SECOND_STEP_COOKIE]: pending },
    });
    expect(asked.json().secondStep.methods).toContain('Totp');
    const done = await caller(server.app)({
      method: 'POST',
      url: '/api/account/login/second-step',
      payload: { code: await codeAt(secret, step) },
      cookies: { [SECOND_STEP_COOKIE]: pending },
    });
    expect(done.statusCode, done.body).toBe(200);
    const session = cookieOf(done, SESSION_COOKIE)!;
    const profile = await caller(
      server.app,
      session,
    )({ method: 'GET', url: '/api/account/profile' });
    expect(profile.json().email).toBe('erin@idp.test');
  });

  it('sends a staff account without a second step to enrol when the organisers require one', async () => {
    await ssoSignIn(server.app, idp(), 'idp', 'frank');
    const user = (await findUserByEmail(server.app.db, 'frank@idp.test'))!;
    await updateUserRole(server.app.db, user.id, 'Monitor');
    await setAccountPolicy(server.app, {
      ...DEFAULT_POLICY,
      ssoOnly: false,
      requireSecondStepForStaff: true,
    });

    const response = await ssoSignIn(server.app, idp(), 'idp', 'frank');
    expect(cookieOf(response, SESSION_COOKIE)).toBeUndefined();
    expect(locationOf(response).searchParams.has('second-step')).toBe(true);
    const asked = await caller(server.app)({
      method: 'GET',
      url: '/api/account/login/second-step',
      cookies: { [SECOND_STEP_COOKIE]: cookieOf(response, SECOND_STEP_COOKIE)! },
    });
    expect(asked.json().secondStep).toEqual({ methods: [], enrolRequired: true });
  });

  it('signs a player without a second step straight in, as before', async () => {
    const response = await ssoSignIn(server.app, idp(), 'idp', 'grace');
    expect(cookieOf(response, SESSION_COOKIE)).toBeTruthy();
    expect(cookieOf(response, SECOND_STEP_COOKIE)).toBeUndefined();
    expect(locationOf(response).pathname).toBe('/');
  });
});
