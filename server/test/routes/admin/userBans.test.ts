// Bans end the sessions the user had: while banned they answer 403 (and can sign out), and once
// the ban is lifted they are refused (401), so the user signs in again. Other role changes keep
// the sessions.
import pino from 'pino';
import { expect, it } from 'vitest';
import { updateUserRole } from '#server/db/repositories/users.js';
import type { Role } from '#server/db/tables/accounts.js';
import { ADMIN_USER_NAME, ensureAdminAccount } from '#server/services/bootstrapAdmin.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { createAccount, logIn, PASSWORD, profileOf } from '../account/support.js';

describeEachDatabase('bans and sessions', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  const setRole = async (userId: string, role: Role) => {
    const response = await admin({
      method: 'PUT',
      url: `/api/admin/users/${userId}`,
      payload: { role },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const sessionsOf = (userId: string) =>
    server.app.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

  it.each(['User', 'Monitor', 'Admin'] as const)(
    'refuses the sessions from before a ban once it is lifted to %s; a new sign-in works',
    async (role) => {
      const user = await createAccount(server.app);
      const [phone, laptop] = [
        await logIn(server.app, user.userName),
        await logIn(server.app, user.userName),
      ];
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

      const again = await logIn(server.app, user.userName, PASSWORD);
      expect((await profileOf(again)).statusCode).toBe(200);
    },
  );

  it('keeps the sessions through role changes that lift no ban', async () => {
    const user = await createAccount(server.app);
    const session = await logIn(server.app, user.userName);
    await setRole(user.id, 'Admin');
    await setRole(user.id, 'User');
    expect((await profileOf(session)).statusCode).toBe(200);
    await setRole(user.id, 'Banned');
    await setRole(user.id, 'Banned');
    expect((await profileOf(session)).statusCode).toBe(403);
  });

  it('ends the old sessions of a banned admin account restored by VEXIL_ADMIN_PASSWORD', async () => {
    const existing = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('normalized_user_name', '=', ADMIN_USER_NAME)
      .executeTakeFirst();
    const account = existing ?? (await createAccount(server.app, { userName: ADMIN_USER_NAME }));
    const session = await logIn(server.app, ADMIN_USER_NAME);
    await updateUserRole(server.app.db, account.id, 'Banned');
    await ensureAdminAccount(server.app.db, PASSWORD, pino({ level: 'silent' }));
    expect((await profileOf(session)).statusCode).toBe(401);
    expect((await profileOf(await logIn(server.app, ADMIN_USER_NAME))).statusCode).toBe(200);
  });
});
