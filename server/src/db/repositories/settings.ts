// Admin-editable configuration as `Section.Key` → JSON value rows, layered over env config.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { withTransaction } from '../transaction.js';

/** Every stored setting, values decoded from JSON (a value that is not JSON comes back as text). */
export async function getAllSettings(db: Kysely<DB>): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const settings: Record<string, unknown> = {};
  for (const { key, value } of rows) settings[key] = decode(value);
  return settings;
}

/** Writes every entry in one transaction: a defined value (null included) is stored as JSON,
 *  `undefined` removes the key. */
export async function setSettings(
  db: Kysely<DB>,
  values: Record<string, unknown>,
  now: number = Date.now(),
): Promise<void> {
  const entries = Object.entries(values);
  if (entries.length === 0) return;
  await withTransaction(db, async (trx) => {
    for (const [key, value] of entries) {
      if (value === undefined) {
        await trx.deleteFrom('settings').where('key', '=', key).execute();
        continue;
      }
      const encoded = JSON.stringify(value);
      await trx
        .insertInto('settings')
        .values({ key, value: encoded, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: encoded, updated_at: now }))
        .execute();
    }
  });
}

/**
 * Stores `value` under `key` unless the key has a value already, which then stays: of several
 * instances writing at once, the first one's value is kept for all.
 */
export async function addSettingIfMissing(
  db: Kysely<DB>,
  key: string,
  value: unknown,
  now: number = Date.now(),
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

function decode(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
