/**
 * The organisers of the hubs bench, written straight into the database beside the seeded game
 * (as bench/event/seed.ts writes the players): an Admin, who posts the notices and holds the
 * admins' hub, and a Monitor, who holds the monitors' hub, each with a session whose raw token the
 * bench keeps (the table stores its SHA-256).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newGuidV7, newSecurityStamp } from '../../server/src/db/ids.js';
import type { DB } from '../../server/src/db/schema.js';
import type { Role } from '../../server/src/db/tables/accounts.js';

const DAY = 24 * 3_600_000;

export interface Staff {
  /** Raw session tokens (cookie `vexil_session`). */
  adminToken: string;
  monitorToken: string;
}

async function seedStaffMember(db: Kysely<DB>, name: string, role: Role): Promise<string> {
  const now = Date.now();
  const stamp = newSecurityStamp();
  const id = newGuidV7(now);
  await db
    .insertInto('users')
    .values({
      id,
      user_name: name,
      normalized_user_name: name.toLowerCase(),
      email: `${name}@bench.example`,
      normalized_email: `${name}@bench.example`.toLowerCase(),
      password_hash: null,
      role,
      email_confirmed: 1,
      register_time: now - DAY,
      last_visited: now,
      last_ip: '127.0.0.1',
      security_stamp: stamp,
    })
    .execute();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: createHash('sha256').update(token, 'utf8').digest('hex'),
      user_id: id,
      created_at: now,
      expires_at: now + 7 * DAY,
      last_seen_at: now,
      ip: '127.0.0.1',
      user_agent: 'vexil-bench',
      security_stamp: stamp,
    })
    .execute();
  return token;
}

export async function seedStaff(db: Kysely<DB>): Promise<Staff> {
  return {
    adminToken: await seedStaffMember(db, 'bench-admin', 'Admin'),
    monitorToken: await seedStaffMember(db, 'bench-monitor', 'Monitor'),
  };
}
