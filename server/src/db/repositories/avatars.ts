// Avatars of users and teams: swapped with compare-and-swap, so that two uploads racing each
// release a different previous image.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

type AvatarTables = Record<'users' | 'teams', { id: string | number; avatar_hash: string | null }>;

/** Sets the avatar hash and returns the one it replaced (retried); null when no such row. */
export async function swapAvatarHash(
  db: Kysely<DB>,
  table: 'users' | 'teams',
  id: string | number,
  avatarHash: string | null,
): Promise<{ previous: string | null } | null> {
  const rows = db as unknown as Kysely<AvatarTables>;
  for (let attempt = 0; attempt < 10; attempt++) {
    const current = await rows
      .selectFrom(table)
      .select('avatar_hash')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return null;
    const result = await rows
      .updateTable(table)
      .set({ avatar_hash: avatarHash })
      .where('id', '=', id)
      .where((eb) =>
        current.avatar_hash === null
          ? eb('avatar_hash', 'is', null)
          : eb('avatar_hash', '=', current.avatar_hash),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { previous: current.avatar_hash };
  }
  throw new Error(`The avatar of ${table} ${id} keeps changing concurrently`);
}
