import { beforeAll, expect, it } from 'vitest';
import { createSession } from '#server/db/repositories/sessions.js';
import { createTeam } from '#server/db/repositories/teams.js';
import { createUser, findUserById } from '#server/db/repositories/users.js';
import { PASSWORD_SYMBOLS } from '#server/domain/randomPassword.js';
import { verifyPassword } from '#server/domain/passwords.js';
import { caller, type Caller } from '../../support/app.js';
import { buildNewUser } from '../../support/builders.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { signedInUser, uniqueText } from './accounts.js';

const UNKNOWN_ID = '0190a5c4-1234-7abc-8def-0123456789ab';

describeEachDatabase('admin user changes', (getDb) => {
  const server = useTestApp(getDb);
  let admin: Caller;
  let adminId: string;
  let adminName: string;
  beforeAll(async () => {
    const signedIn = await signedInUser(server.app, { role: 'Admin' });
    admin = signedIn.call;
    adminId = signedIn.user.id;
    adminName = signedIn.user.userName;
  });

  const update = async (id: string, payload: Record<string, unknown>) => {
    const response = await admin({ method: 'PUT', url: `/api/admin/users/${id}`, payload });
    return response;
  };

  it('applies the sent fields and leaves null or omitted ones', async () => {
    const user = await createUser(server.app.db, buildNewUser({ bio: 'old bio', realName: 'Old' }));
    const name = uniqueText('u');
    const response = await update(user.id, {
      userName: name,
      phone: '+44 20 7946 0000',
      stdNumber: 'A-7',
      realName: null,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(await findUserById(server.app.db, user.id)).toMatchObject({
      userName: name,
      phone: '+44 20 7946 0000',
      stdNumber: 'A-7',
      realName: 'Old',
      bio: 'old bio',
      email: user.email,
      role: 'User',
      emailConfirmed: true,
    });
  });

  it('keeps the confirmed flag on an email change unless it is sent', async () => {
    const user = await createUser(server.app.db, buildNewUser());
    const email = `${uniqueText('m')}@new.example`;
    await update(user.id, { email });
    expect(await findUserById(server.app.db, user.id)).toMatchObject({
      email,
      emailConfirmed: true,
    });
    await update(user.id, { email: `x${email}`, emailConfirmed: false });
    expect(await findUserById(server.app.db, user.id)).toMatchObject({
      email: `x${email}`,
      emailConfirmed: false,
    });
  });

  it('refuses a user name or email another account uses, but not the own in another case', async () => {
    const other = await createUser(server.app.db, buildNewUser());
    const user = await createUser(server.app.db, buildNewUser());
    for (const payload of [
      { userName: other.userName.toUpperCase() },
      { email: other.email.toUpperCase() },
    ]) {
      const response = await update(user.id, payload);
      expect(response.statusCode).toBe(400);
    }
    const recased = await update(user.id, { userName: user.userName.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect((await findUserById(server.app.db, user.id))!.userName).toBe(
      user.userName.toUpperCase(),
    );
  });

  it('answers 404 for an unknown user and 400 for a malformed id or field', async () => {
    expect((await update(UNKNOWN_ID, { bio: 'x' })).statusCode).toBe(404);
    expect((await update('nope', { bio: 'x' })).statusCode).toBe(400);
    const user = await createUser(server.app.db, buildNewUser());
    expect((await update(user.id, { phone: '' })).statusCode).toBe(400);
    expect((await update(user.id, { role: 'Root' })).statusCode).toBe(400);
  });

  it('changes the role, effective from the next request', async () => {
    const { user, call } = await signedInUser(server.app);
    const before = await call({ method: 'GET', url: '/api/admin/users' });
    expect(before.statusCode).toBe(403);

    await update(user.id, { role: 'Admin' });
    const promoted = await call({ method: 'GET', url: '/api/admin/users' });
    expect(promoted.statusCode).toBe(200);

    await update(user.id, { role: 'Banned' });
    const banned = await call({ method: 'GET', url: '/api/admin/users' });
    expect(banned.statusCode).toBe(403);
  });

  it('deletes a user and ends their sessions', async () => {
    const { user, call } = await signedInUser(server.app);
    const response = await admin({ method: 'DELETE', url: `/api/admin/users/${user.id}` });
    expect(response.statusCode).toBe(200);
    expect(await findUserById(server.app.db, user.id)).toBeNull();
    const after = await call({ method: 'GET', url: '/api/admin/users' });
    expect(after.statusCode).toBe(401);
    const sessions = await server.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('refuses to delete oneself, a team captain or an unknown user', async () => {
    const self = await admin({ method: 'DELETE', url: `/api/admin/users/${adminId}` });
    expect(self.statusCode).toBe(400);

    const captain = await createUser(server.app.db, buildNewUser());
    await createTeam(server.app.db, { name: 'Captained', captainId: captain.id });
    const refused = await admin({ method: 'DELETE', url: `/api/admin/users/${captain.id}` });
    expect(refused.statusCode).toBe(400);
    expect(await findUserById(server.app.db, captain.id)).not.toBeNull();

    const missing = await admin({ method: 'DELETE', url: `/api/admin/users/${UNKNOWN_ID}` });
    expect(missing.statusCode).toBe(404);
    const malformed = await admin({ method: 'DELETE', url: '/api/admin/users/12' });
    expect(malformed.statusCode).toBe(400);
  });

  it('resets a password to a fresh strong one and ends existing sessions', async () => {
    const { user, call } = await signedInUser(server.app);
    const passwords = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await admin({
        method: 'DELETE',
        url: `/api/admin/users/${user.id}/password`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const password = response.json() as string;
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect([...password].some((c) => PASSWORD_SYMBOLS.includes(c))).toBe(true);
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*()\-_=+]+$/);
      passwords.add(password);
    }
    expect(passwords.size).toBe(3);
    const stored = await findUserById(server.app.db, user.id);
    expect(await verifyPassword([...passwords][2], stored!.passwordHash)).toBe(true);
    expect(stored!.securityStamp).not.toBe(user.securityStamp);

    expect((await call({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const { token } = await createSession(server.app.db, user.id, {
      ip: '127.0.0.1',
      now: Date.now(),
    });
    const fresh = await caller(server.app, token)({ method: 'GET', url: '/api/admin/users' });
    expect(fresh.statusCode).toBe(403);
  });

  it('answers 404 when resetting the password of an unknown user', async () => {
    const response = await admin({
      method: 'DELETE',
      url: `/api/admin/users/${UNKNOWN_ID}/password`,
    });
    expect(response.statusCode).toBe(404);
  });

  it('logs each change to the admin log under the acting administrator', async () => {
    const user = await createUser(server.app.db, buildNewUser());
    await update(user.id, { bio: 'logged' });
    await server.app.logStore.flush();
    const logs = (await admin({ method: 'GET', url: '/api/admin/logs' })).json();
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: `Updated user ${user.userName}`,
          name: adminName,
          ip: '127.0.0.1',
          status: 'Success',
          level: 'Information',
        }),
      ]),
    );
  });
});
