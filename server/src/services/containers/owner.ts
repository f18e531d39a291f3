/**
 * The id that marks this deployment's containers on a shared engine (label `vexil.owner`): made at
 * first need and kept in the settings table, so every instance sharing the database agrees on it
 * and never sweeps away another deployment's containers as orphans.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addSettingIfMissing, getAllSettings } from '../../db/repositories/settings.js';
import type { DB } from '../../db/schema.js';

export const OWNER_SETTING = 'Server.ContainerOwner';

/** The stored id; undefined while this deployment has never started a container. */
export async function storedContainerOwner(db: Kysely<DB>): Promise<string | undefined> {
  const value = (await getAllSettings(db))[OWNER_SETTING];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export async function loadContainerOwner(db: Kysely<DB>): Promise<string> {
  const existing = await storedContainerOwner(db);
  if (existing) return existing;
  // Never over another's: instances starting their first containers together must all read the
  // one id that was stored first, or each would mark (and sweep) the engine by its own.
  await addSettingIfMissing(db, OWNER_SETTING, randomUUID());
  const saved = await storedContainerOwner(db);
  if (!saved) throw new Error('Could not store the container owner id');
  return saved;
}
