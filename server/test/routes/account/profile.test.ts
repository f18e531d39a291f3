import { expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { deleteUser, findUserById } from '#server/db/repositories/users.js';
import { caller, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import {
  createAccount,
  logIn,
  PASSWORD,
  profileOf,
  sessionCookie,
  signedInCaller,
} from './support.js';

describeEachDatabase('account profile and password', (getDb) => {
  const server = useTestApp(getDb);

  const update = async (call: Caller, payload: Record<string, unknown>) => {
    const response = await call({ method: 'PUT', url: '/api/account/update', payload });
    return response;
  };
  const changePassword = async (call: Caller, payload: Record<string, unknown>) => {
    const response = await call({ method: 'PUT', url: '/api/account/changepassword', payload });
    return response;
  };

  it('GET /profile shows the caller with the never-set defaults', async () => {
    const user = await createAccount(server.app);
    const response = await profileOf(await logIn(server.app, user.userName));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userId: user.id,
      userName: user.userName,
      email: user.email,
      bio: '',
      phone: null,
      realName: '',
      stdNumber: '',
      avatar: null,
      role: 'User',
    });
  });

  it('GET /profile answers 401 signed out, 403 banned, 401 once the account is gone', async () => {
    const anonymous = await profileOf(caller(server.app));
    expect(anonymous.statusCode).toBe(401);
    const banned = await createAccount(server.app, { role: 'Banned' });
    const session = caller(server.app, await sessionFor(banned.id));
    const denied = await profileOf(session);
    expect(denied.statusCode).toBe(403);
    const gone = await createAccount(server.app);
    const goneSession = await logIn(server.app, gone.userName);
    await deleteUser(server.app.db, gone.id);
    expect((await profileOf(goneSession)).statusCode).toBe(401);
  });

  async function sessionFor(userId: string): Promise<string> {
    return (await createSession(server.app.db, userId, { ip: '127.0.0.1', now: Date.now() })).token;
  }

  it('PUT /update applies every non-null field and keeps the others', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const first = await update(session, {
      bio: 'Hello',
      phone: '+1 (555) 010-0000 ext. 12',
      realName: 'Ada',
      stdNumber: 'S-1',
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('');
    await update(session, { bio: '', realName: null, userName: user.userName });
    expect((await profileOf(session)).json()).toMatchObject({
      userName: user.userName,
      bio: '',
      phone: '+1 (555) 010-0000 ext. 12',
      realName: 'Ada',
      stdNumber: 'S-1',
    });
  });

  it('PUT /update renames, also to another case of the same name', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const renamed = `n${user.userName.slice(-10)}`;
    expect((await update(session, { userName: renamed })).statusCode).toBe(200);
    expect((await update(session, { userName: renamed.toUpperCase() })).statusCode).toBe(200);
    expect((await findUserById(server.app.db, user.id))?.userName).toBe(renamed.toUpperCase());
  });

  it('PUT /update refuses a taken user name and invalid fields with 400', async () => {
    const other = await createAccount(server.app);
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const taken = await update(session, { userName: other.userName.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().title).toMatch(/taken/);
    for (const bad of [{ phone: '' }, { phone: 'call me' }, { bio: 'x'.repeat(129) }]) {
      expect((await update(session, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await update(caller(server.app), { bio: 'x' })).statusCode).toBe(401);
  });

  it('PUT /changepassword replaces the password, ends other sessions and renews this one', async () => {
    const user = await createAccount(server.app);
    const current = await logIn(server.app, user.userName);
    const other = await logIn(server.app, user.userName);
    const response = await changePassword(current, { old: PASSWORD, new: 'Changed456' });
    expect(response.statusCode).toBe(200);
    const renewed = signedInCaller(server.app, response);
    expect((await profileOf(renewed)).statusCode).toBe(200);
    expect((await profileOf(other)).statusCode).toBe(401);
    expect((await profileOf(current)).statusCode).toBe(401);
    const oldLogin = await caller(server.app)({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: user.userName, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    await logIn(server.app, user.userName, 'Changed456');
  });

  it('PUT /changepassword refuses a wrong current password or a weak new one with 400', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    const wrong = await changePassword(session, { old: 'Wrong1234', new: 'Changed456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().title).toMatch(/current password/);
    expect(sessionCookie(wrong)).toBeUndefined();
    const weak = await changePassword(session, { old: PASSWORD, new: 'weakweak' });
    expect(weak.statusCode).toBe(400);
    expect(
      (await changePassword(caller(server.app), { old: PASSWORD, new: 'Changed456' })).statusCode,
    ).toBe(401);
    expect((await profileOf(session)).statusCode).toBe(200);
  });
});
