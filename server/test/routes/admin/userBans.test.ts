// Bans end the sessions the user had: while banned they answer 403 (and can sign out), and once
// the ban is lifted they are refused (401), so the user signs in again. Other role changes keep
// the sessions.
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { updateUserRole } from '../../../src/db/repositories/users.js';
import type { Role } from '../../../src/db/tables/accounts.js';
import { ADMIN_USER_NAME, ensureAdminAccount } from '../../../src/services/bootstrapAdmin.js';
import { createTestApp, signIn, type Caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { expectMatchesSpec } from '../../support/spec.js';
import { createAccount, logIn, PASSWORD, profileOf } from '../account/support.js';

describeEachDatabase('bans and sessions', (getDb) => {
  let app: FastifyInstance;
  let admin: Caller;
  beforeAll(async () => {
    app = await createTestApp(getDb());
    admin = await signIn(app, 'Admin');
  });
  afterAll(() => app.close());

  const setRole = async (userId: string, role: Role) => {
    const response = await admin({
      method: 'PUT',
      url: `/api/admin/users/${userId}`,
      payload: { role },
    });
    expectMatchesSpec('adminUpdateUser', response);
    expect(response.statusCode, response.body).toBe(200);
  };

  const sessionsOf = (userId: string) =>
    app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

  it.each(['User', 'Monitor', 'Admin'] as const)(
    'refuses the sessions from before a ban once it is lifted to %s; a new sign-in works',
    async (role) => {
      const user = await createAccount(app);
      const [phone, laptop] = [await logIn(app, user.userName), await logIn(app, user.userName)];
      expect((await profileOf(phone)).statusCode).toBe(200);

      await setRole(user.id, 'Banned');
      for (const session of [phone, laptop]) {
        const banned = await profileOf(session);
        expect(banned.statusCode).toBe(403);
        expect(banned.json()).toEqual({ title: 'Access denied', status: 403 });
      }

      await setRole(user.id, role);
      for (const session of [phone, laptop]) {
        const ended = await profileOf(session);
        expect(ended.statusCode).toBe(401);
        expect(ended.json()).toEqual({ title: 'Please sign in first', status: 401 });
      }
      expect(await sessionsOf(user.id)).toEqual([]);

      const again = await logIn(app, user.userName, PASSWORD);
      expect((await profileOf(again)).statusCode).toBe(200);
    },
  );

  it('keeps the sessions through role changes that lift no ban', async () => {
    const user = await createAccount(app);
    const session = await logIn(app, user.userName);
    await setRole(user.id, 'Admin');
    await setRole(user.id, 'User');
    expect((await profileOf(session)).statusCode).toBe(200);
    await setRole(user.id, 'Banned');
    await setRole(user.id, 'Banned');
    expect((await profileOf(session)).statusCode).toBe(403);
  });

  it('ends the old sessions of a banned admin account restored by VEXIL_ADMIN_PASSWORD', async () => {
    const existing = await app.db
      .selectFrom('users')
      .select('id')
      .where('normalized_user_name', '=', ADMIN_USER_NAME)
      .executeTakeFirst();
    const account = existing ?? (await createAccount(app, { userName: ADMIN_USER_NAME }));
    const session = await logIn(app, ADMIN_USER_NAME);
    await updateUserRole(app.db, account.id, 'Banned');
    await ensureAdminAccount(app.db, PASSWORD, pino({ level: 'silent' }));
    expect((await profileOf(session)).statusCode).toBe(401);
    expect((await profileOf(await logIn(app, ADMIN_USER_NAME))).statusCode).toBe(200);
  });
});
