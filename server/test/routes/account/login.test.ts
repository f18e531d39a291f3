import { beforeEach, expect, it } from 'vitest';
import { findUserById, updateUserRole } from '#server/db/repositories/users.js';
import { listLogs } from '#server/db/repositories/logs.js';
import { ACCOUNT_BANNED, WRONG_CREDENTIALS } from '#server/routes/account/login.js';
import { caller, createTestApp, testConfig, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  createAccount,
  DEFAULT_POLICY,
  logIn,
  PASSWORD,
  profileOf,
  sessionCookie,
  setAccountPolicy,
  signedInCaller,
} from './support.js';

describeEachDatabase('POST /api/account/login and /logout', (getDb) => {
  const server = useTestApp(getDb);
  beforeEach(() => setAccountPolicy(server.app, DEFAULT_POLICY));

  const login = async (payload: Record<string, unknown>, call: Caller = caller(server.app)) => {
    const response = await call({ method: 'POST', url: '/api/account/login', payload });
    return response;
  };

  it('signs in by user name or email, in any case, with a session cookie', async () => {
    const user = await createAccount(server.app);
    for (const name of [user.userName, user.userName.toUpperCase(), user.email.toUpperCase()]) {
      const response = await login({ userName: name, password: PASSWORD });
      expect(response.statusCode, name).toBe(200);
      expect(response.body).toBe('');
      const profile = await profileOf(signedInCaller(server.app, response));
      expect(profile.json().userId).toBe(user.id);
    }
    expect((await findUserById(server.app.db, user.id))?.lastVisited).toBeGreaterThan(0);
  });

  it('answers the same 401 to a wrong password, an unknown user and an unconfirmed email', async () => {
    const user = await createAccount(server.app);
    const unconfirmed = await createAccount(server.app, { emailConfirmed: false });
    for (const payload of [
      { userName: user.userName, password: 'Wrong1234' },
      { userName: 'nobody-at-all', password: PASSWORD },
      { userName: unconfirmed.userName, password: PASSWORD },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ title: WRONG_CREDENTIALS, status: 401 });
      expect(sessionCookie(response)).toBeUndefined();
    }
  });

  it('tells a banned account so, with its own 401, once the password is right', async () => {
    const banned = await createAccount(server.app, { role: 'Banned' });
    const right = await login({ userName: banned.userName, password: PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ title: ACCOUNT_BANNED, status: 401 });
    const wrong = await login({ userName: banned.userName, password: 'Wrong1234' });
    expect(wrong.json().title).toBe(WRONG_CREDENTIALS);
  });

  it('ends the session it was called with', async () => {
    const user = await createAccount(server.app);
    const first = await logIn(server.app, user.userName);
    const response = await login({ userName: user.userName, password: PASSWORD }, first);
    expect(response.statusCode).toBe(200);
    expect((await profileOf(first)).statusCode).toBe(401);
    expect((await profileOf(signedInCaller(server.app, response))).statusCode).toBe(200);
  });

  it('logs successes and failures for the admin log', async () => {
    const user = await createAccount(server.app);
    await login({ userName: user.userName, password: 'Wrong1234' });
    await login({ userName: user.userName, password: PASSWORD });
    await server.app.logStore.flush();
    const entries = (await listLogs(server.app.db, { skip: 0, count: 50 })).filter(
      (e) => e.userName === user.userName,
    );
    expect(entries.map((e) => e.status)).toEqual(expect.arrayContaining(['Success', 'Failed']));
    expect(entries.every((e) => e.ip === '127.0.0.1')).toBe(true);
  });

  it('refuses empty or missing fields with 400', async () => {
    for (const payload of [{}, { userName: '', password: PASSWORD }, { userName: 'a' }]) {
      expect((await login(payload)).statusCode).toBe(400);
    }
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const proxied = await createTestApp(
      getDb(),
      testConfig({ VEXIL_TRUSTED_PROXIES: '127.0.0.1' }),
    );
    try {
      const user = await createAccount(proxied);
      const response = await caller(proxied)({
        method: 'POST',
        url: '/api/account/login',
        payload: { userName: user.userName, password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(sessionCookie(response)?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('logs out: the session ends and the cookie is cleared', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const response = await session({ method: 'POST', url: '/api/account/logout' });
    expect(response.statusCode).toBe(200);
    const cleared = sessionCookie(response);
    expect(cleared?.value).toBe('');
    expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await profileOf(session)).statusCode).toBe(401);
  });

  it('answers 401 to a logout without a session', async () => {
    const response = await caller(server.app)({ method: 'POST', url: '/api/account/logout' });
    expect(response.statusCode).toBe(401);
  });

  it('signs a banned session out: the session ends and the cookie is cleared', async () => {
    const banned = await createAccount(server.app);
    const session = await logIn(server.app, banned.userName);
    await updateUserRole(server.app.db, banned.id, 'Banned');
    expect((await profileOf(session)).statusCode).toBe(403);
    const response = await session({ method: 'POST', url: '/api/account/logout' });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)?.value).toBe('');
    expect((await profileOf(session)).statusCode).toBe(401);
  });
});
