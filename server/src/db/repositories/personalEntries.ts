// Personal entries (issue 25, individual play): a player's team of one for individual games, made
// on their first join of one and reused for every later one (`teams.personal_of`, unique). The
// entry's name and avatar are the player's: it is made with them and kept in step when they
// change, so that every reader of teams (boards, monitor, exports, admin lists) shows the player
// without knowing about personal entries. The avatar is a copy of the user's blob hash holding a
// reference of its own (released with the team like any team avatar).
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { retainFile } from './attachments.js';
import { addMember, newInviteToken, swapTeamAvatar, toTeam, type Team } from './teams.js';

export async function findPersonalEntry(db: Kysely<DB>, userId: string): Promise<Team | null> {
  const row = await db
    .selectFrom('teams')
    .selectAll()
    .where('personal_of', '=', userId)
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

/**
 * The user's personal entry, made now when they have none (captain and only member: the user).
 * Run it in the transaction of the join: a concurrent first join makes the same entry, and one of
 * the two fails with a unique violation on `personal_of` (the caller decides again). Null when the
 * user is gone.
 */
export async function findOrCreatePersonalEntry(
  db: Kysely<DB>,
  userId: string,
  now: number,
): Promise<Team | null> {
  const existing = await findPersonalEntry(db, userId);
  if (existing) return existing;
  const user = await db
    .selectFrom('users')
    .select(['user_name', 'avatar_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const avatarHash =
    user.avatar_hash && (await retainFile(db, user.avatar_hash)) ? user.avatar_hash : null;
  const row = await db
    .insertInto('teams')
    .values({
      name: user.user_name,
      bio: '',
      avatar_hash: avatarHash,
      invite_token: newInviteToken(),
      captain_id: userId,
      personal_of: userId,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addMember(db, row.id, userId, now);
  return toTeam(row);
}

/** Renames the user's personal entry (in the transaction that renames the user); its id or null. */
export async function renamePersonalEntry(
  db: Kysely<DB>,
  userId: string,
  name: string,
): Promise<number | null> {
  const row = await db
    .updateTable('teams')
    .set({ name })
    .where('personal_of', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Gives the user's personal entry the avatar `hash` (taking a reference to it, in the transaction
 * that sets the user's); answers the entry's id and the hash it held (to release once committed),
 * or null when the user has no entry.
 */
export async function setPersonalEntryAvatar(
  db: Kysely<DB>,
  userId: string,
  hash: string,
): Promise<{ teamId: number; previous: string | null } | null> {
  const entry = await findPersonalEntry(db, userId);
  if (!entry) return null;
  if (!(await retainFile(db, hash))) return null;
  // Compare-and-swap: two uploads racing each release a different previous image.
  const swapped = await swapTeamAvatar(db, entry.id, hash);
  return swapped && { teamId: entry.id, previous: swapped.previous };
}
