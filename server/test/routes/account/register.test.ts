import { beforeEach, expect, it } from 'vitest';
import { findUserByEmail } from '#server/db/repositories/users.js';
import { caller, createTestApp, testConfig } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  createAccount,
  DEFAULT_POLICY,
  PASSWORD,
  profileOf,
  sessionCookie,
  setAccountPolicy,
  signedInCaller,
} from './support.js';

let sequence = 0;
const fresh = () => {
  const name = `reg${++sequence}${Math.random().toString(36).slice(2, 6)}`;
  return { userName: name, email: `${name}@example.com`, password: PASSWORD };
};

describeEachDatabase('POST /api/account/register', (getDb) => {
  const server = useTestApp(getDb);
  beforeEach(() => setAccountPolicy(server.app, DEFAULT_POLICY));

  const register = async (payload: Record<string, unknown>) => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/register',
      payload,
    });
    return response;
  };

  it('creates a confirmed User and signs it in under the default policy', async () => {
    const input = fresh();
    const before = Date.now();
    const response = await register(input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: 'LoggedIn', status: 200 });
    const profile = await profileOf(signedInCaller(server.app, response));
    expect(profile.json()).toMatchObject({ userName: input.userName, role: 'User' });
    const user = await findUserByEmail(server.app.db, input.email);
    expect(user).toMatchObject({ emailConfirmed: true, role: 'User' });
    expect(user?.registerTime).toBeGreaterThanOrEqual(before);
  });

  it('leaves the account for an administrator when neither activation nor mail is on', async () => {
    await setAccountPolicy(server.app, { activeOnRegister: false });
    const input = fresh();
    const response = await register(input);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: 'AdminConfirmationRequired', status: 200 });
    expect(sessionCookie(response)).toBeUndefined();
    const user = await findUserByEmail(server.app.db, input.email);
    expect(user?.emailConfirmed).toBe(false);
    expect(user?.registerTime).toBeGreaterThan(0);
    const login = await caller(server.app)({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: input.userName, password: PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses when registration is closed', async () => {
    await setAccountPolicy(server.app, { allowRegister: false });
    const response = await register(fresh());
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toMatch(/closed/);
  });

  it('keeps to the email domain allow-list, exactly and case-sensitively', async () => {
    await setAccountPolicy(server.app, { emailDomainList: ' allowed.org , other.net' });
    const ok = fresh();
    expect((await register({ ...ok, email: `${ok.userName}@allowed.org` })).statusCode).toBe(200);
    const upper = fresh();
    const refused = await register({ ...upper, email: `${upper.userName}@ALLOWED.org` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().title).toMatch(/domain/);
    const sub = fresh();
    expect((await register({ ...sub, email: `${sub.userName}@x.allowed.org` })).statusCode).toBe(
      400,
    );
  });

  it('refuses a user name in use, in any case', async () => {
    const taken = await createAccount(server.app);
    const response = await register({ ...fresh(), userName: taken.userName.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toMatch(/user name/);
  });

  it('refuses the email of a confirmed account, in any case', async () => {
    const taken = await createAccount(server.app);
    const response = await register({ ...fresh(), email: taken.email.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toMatch(/email already exists/);
  });

  it('never signs in or takes over an unconfirmed account with the same email', async () => {
    const waiting = await createAccount(server.app, { emailConfirmed: false });
    const response = await register({ ...fresh(), email: waiting.email });
    expect(response.statusCode).toBe(400);
    expect(sessionCookie(response)).toBeUndefined();
    await setAccountPolicy(server.app, { activeOnRegister: false });
    expect((await register({ ...fresh(), email: waiting.email })).statusCode).toBe(400);
    expect(await findUserByEmail(server.app.db, waiting.email)).toMatchObject({
      userName: waiting.userName,
      emailConfirmed: false,
    });
  });

  it('refuses weak passwords and malformed input with 400', async () => {
    for (const bad of [
      { password: '123' },
      { password: 'alllowercase1' },
      { password: 'NoDigitsHere' },
      { email: 'no-at-sign' },
      { email: 'two@@example.com' },
      { userName: 'ab' },
      { userName: 'x'.repeat(16) },
      { userName: '   ' },
    ]) {
      const response = await register({ ...fresh(), ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('ignores the captcha answer while the policy does not use it', async () => {
    const response = await register({ ...fresh(), challenge: 'anything' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 415 to a body that is not JSON', async () => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/register',
      payload: 'userName=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
  });

  // An hour's window: a window that ends between the two calls (a loaded machine) would let the
  // second one through.
  it('answers 429 past the register rate limit', async () => {
    const limited = await createTestApp(
      getDb(),
      testConfig({ VEXIL_RATE_LIMIT: 'on', VEXIL_RATE_LIMIT_REGISTER: '1/3600' }),
    );
    try {
      const call = caller(limited);
      const send = () => call({ method: 'POST', url: '/api/account/register', payload: fresh() });
      expect((await send()).statusCode).toBe(200);
      const response = await send();
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('answers 403 without the XSRF header', async () => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/account/register',
      payload: fresh(),
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(response.statusCode).toBe(403);
  });
});
