// VEXIL_ADMIN_PASSWORD on several instances started together on a new database (issue 16, found by
// the cluster test): each looks for the `admin` account, finds none and creates it; all but one
// get a unique violation, which must not stop them: the account exists, once, as configured.
import pino from 'pino';
import { expect, it } from 'vitest';
import { createSession, findValidSession } from '#server/db/repositories/sessions.js';
import { ADMIN_USER_NAME, ensureAdminAccount } from '#server/services/bootstrapAdmin.js';
import { verifyPassword } from '#server/domain/passwords.js';
import { describeEachDatabase } from '../support/databases.js';

describeEachDatabase('the admin account from VEXIL_ADMIN_PASSWORD', (getDb) => {
  it('is made once when several instances start at the same moment', async () => {
    const { db } = getDb();
    const log = pino({ level: 'silent' });
    const starts = await Promise.allSettled(
      Array.from({ length: 3 }, () => ensureAdminAccount(db, 'Cluster-Admin-2026', log)),
    );
    expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const admins = await db
      .selectFrom('users')
      .select(['role', 'email_confirmed', 'password_hash'])
      .where('normalized_user_name', '=', ADMIN_USER_NAME)
      .execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ role: 'Admin' });
    expect(Boolean(admins[0].email_confirmed)).toBe(true);
    expect(await verifyPassword('Cluster-Admin-2026', admins[0].password_hash)).toBe(true);
  });

  it('ends the sessions of the admin when the password changes, and only then', async () => {
    const { db } = getDb();
    const log = pino({ level: 'silent' });
    await ensureAdminAccount(db, 'First-Admin-2026', log);
    const admin = await db
      .selectFrom('users')
      .select('id')
      .where('normalized_user_name', '=', ADMIN_USER_NAME)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const meta = { ip: '192.0.2.1', userAgent: 'vitest', now, ttlMs: 3_600_000 };
    const before = await createSession(db, admin.id, meta);

    await ensureAdminAccount(db, 'First-Admin-2026', log); // a restart with the same password
    expect(await findValidSession(db, before.token, now)).not.toBeNull();

    await ensureAdminAccount(db, 'Second-Admin-2026', log);
    expect(await findValidSession(db, before.token, now)).toBeNull();
  });
});
