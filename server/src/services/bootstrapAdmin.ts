/**
 * `VEXIL_ADMIN_PASSWORD`: after start an account `admin` with role Admin and that password exists.
 * A changed password ends the account's sessions, as a password change on the profile page does:
 * whoever knew the old one (the reason it is changed, often) is signed out everywhere.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import { isUniqueViolation } from '../db/errors.js';
import { deleteSessionsForUser } from '../db/repositories/sessions.js';
import {
  createUser,
  findUserByUserNameOrEmail,
  rotateSecurityStamp,
} from '../db/repositories/users.js';
import { updateUserEndingBan } from './bans.js';

export const ADMIN_USER_NAME = 'admin';
export const ADMIN_EMAIL = 'admin@vexil.local';

export async function ensureAdminAccount(
  db: Kysely<DB>,
  password: string,
  log: FastifyBaseLogger,
): Promise<void> {
  let existing = await findUserByUserNameOrEmail(db, ADMIN_USER_NAME);
  if (!existing) {
    try {
      await createUser(db, {
        userName: ADMIN_USER_NAME,
        email: ADMIN_EMAIL,
        passwordHash: await hashPassword(password),
        role: 'Admin',
        emailConfirmed: true,
        registerTime: Date.now(),
      });
      log.info({ taskStatus: 'Success' }, 'Created the admin account from VEXIL_ADMIN_PASSWORD');
      return;
    } catch (error) {
      // Instances started together on a new database: another one created it a moment ago (made
      // as this one would, or set right below). Any other conflict (its email taken) still fails.
      existing = isUniqueViolation(error)
        ? await findUserByUserNameOrEmail(db, ADMIN_USER_NAME)
        : null;
      if (!existing) throw error;
    }
  }
  const samePassword = await verifyPassword(password, existing.passwordHash);
  if (existing.role === 'Admin' && existing.emailConfirmed && samePassword) return;
  // A banned `admin` is unbanned: its old sessions end (bans.ts).
  await updateUserEndingBan(db, existing, {
    role: 'Admin',
    emailConfirmed: true,
    ...(samePassword ? {} : { passwordHash: await hashPassword(password) }),
  });
  if (!samePassword) {
    await rotateSecurityStamp(db, existing.id);
    await deleteSessionsForUser(db, existing.id);
  }
  log.info({ taskStatus: 'Success' }, 'Updated the admin account from VEXIL_ADMIN_PASSWORD');
}
