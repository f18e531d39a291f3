/**
 * The server secret that signs account tokens: `VEXIL_SECRET` when set, else one generated at
 * first need and kept in the settings table under `Server.Secret`, so that tokens survive a
 * restart and every instance sharing the database agrees on it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { getAllSettings, setSettings } from '../db/repositories/settings.js';

export const SECRET_SETTING = 'Server.Secret';

const stored = async (db: Kysely<DB>) => {
  const value = (await getAllSettings(db))[SECRET_SETTING];
  return typeof value === 'string' && value.length >= 32 ? value : undefined;
};

export async function loadServerSecret(db: Kysely<DB>, configured?: string): Promise<string> {
  if (configured) return configured;
  const existing = await stored(db);
  if (existing) return existing;
  await setSettings(db, { [SECRET_SETTING]: randomBytes(32).toString('base64url') });
  // Read back what was stored. Two instances generating at the very same moment could still
  // disagree until restart; an insert-if-absent in the settings repository would close that.
  const saved = await stored(db);
  if (!saved) throw new Error('Could not store the server secret');
  return saved;
}
