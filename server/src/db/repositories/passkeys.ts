// Passkeys of accounts (migration 0026). A credential id names one passkey across all accounts,
// which is how a sign-in without a user name finds its owner.
import type { Kysely, Transaction } from 'kysely';
import { fromFlag, toFlag } from '../tables/columns.js';
import type { PasskeyRow } from '../tables/passkeys.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface Passkey {
  id: number;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: number;
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    deviceType: row.device_type,
    backedUp: fromFlag(row.backed_up),
    name: row.name,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<Passkey> {
  const row = await db
    .insertInto('passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      device_type: passkey.deviceType,
      backed_up: toFlag(passkey.backedUp),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPasskey(row);
}

/** A user's passkeys, the oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toPasskey);
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findPasskeyByCredentialId(
  db: Db,
  credentialId: string,
): Promise<Passkey | null> {
  const row = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row ? toPasskey(row) : null;
}

/** Renames one of the user's passkeys; null when the user has none with this id. */
export async function renamePasskey(
  db: Db,
  userId: string,
  id: number,
  name: string,
): Promise<Passkey | null> {
  const row = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? toPasskey(row) : null;
}

/** Deletes one of the user's passkeys; null when the user has none with this id. */
export async function deletePasskey(db: Db, userId: string, id: number): Promise<Passkey | null> {
  const row = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ? toPasskey(row) : null;
}

/**
 * Records a use: the new signature counter and the time. Conditional, so that of two assertions
 * racing with the same counter only one passes: the stored counter must be below the new one,
 * or both 0 (an authenticator that does not count). False when the row did not move (the counter
 * went backwards or stood still, or the passkey is gone).
 */
export async function recordPasskeyUse(
  db: Db,
  id: number,
  newCounter: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', id)
    .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Of the given users, those with at least one passkey (for the console's users list). */
export async function usersWithPasskeys(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('passkeys')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
