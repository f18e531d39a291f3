/**
 * The account writes that a player's personal entry (issue 25, individual play) follows: its name
 * is the player's name (renamed in the transaction that renames the player), its avatar the
 * player's avatar (set in the transaction that sets the player's, with a file reference of its
 * own), and it goes with the account (deleted in the transaction that deletes the account, as a
 * team deletion does: containers removed, files released, boards rebuilt). Each rebuilds the
 * boards of the entry's games once committed (scoreboard/boardChanges.ts).
 */
import type { Kysely } from 'kysely';
import { engineIdsWithin } from '../db/repositories/containers.js';
import {
  findPersonalEntry,
  renamePersonalEntry,
  setPersonalEntryAvatar,
} from '../db/repositories/personalEntries.js';
import { deleteSessionsForUser } from '../db/repositories/sessions.js';
import { deleteTeam, type DeletedTeam } from '../db/repositories/teams.js';
import { deleteUser, swapUserAvatar, type User, type UserPatch } from '../db/repositories/users.js';
import type { DB } from '../db/schema.js';
import { withTransaction } from '../db/transaction.js';
import { updateUserEndingBan } from './bans.js';
import {
  boardChanged,
  boardsOfTeamChanged,
  type BoardChangeDeps,
} from './scoreboard/boardChanges.js';
import type { TeamRemovalDeps } from './teamEdits.js';

/**
 * Applies `patch` to the account (ending its sessions when it lifts a ban: bans.ts) and renames
 * its personal entry with it. Answers whether sessions ended.
 */
export async function updateAccount(
  deps: BoardChangeDeps,
  user: Pick<User, 'id' | 'role'>,
  patch: UserPatch,
): Promise<boolean> {
  let renamed: number | null = null;
  const sessionsEnded = await withTransaction(deps.db, async (trx) => {
    const ended = await updateUserEndingBan(trx, user, patch);
    if (patch.userName !== undefined) {
      renamed = await renamePersonalEntry(trx, user.id, patch.userName);
    }
    return ended;
  });
  if (renamed !== null) await boardsOfTeamChanged(deps, renamed);
  return sessionsEnded;
}

/**
 * Sets the account's avatar blob and its personal entry's. Answers the blob the account held
 * (null when the account is gone) and the one the entry held, both to release once committed.
 */
export async function replaceAccountAvatar(
  deps: BoardChangeDeps,
  userId: string,
  hash: string,
): Promise<{ previous: string | null; entryPrevious: string | null } | null> {
  let entryId: number | null = null;
  const swapped = await withTransaction(deps.db, async (trx) => {
    const user = await swapUserAvatar(trx, userId, hash);
    if (!user) return null;
    const entry = await setPersonalEntryAvatar(trx, userId, hash);
    entryId = entry?.teamId ?? null;
    return { previous: user.previous, entryPrevious: entry?.previous ?? null };
  });
  if (entryId !== null) await boardsOfTeamChanged(deps, entryId);
  return swapped;
}

/**
 * Deletes the account with its sessions and its personal entry (the entry's registrations go by
 * cascade, as a team's do). Answers whether the account was there. `deleteUser` may throw a
 * foreign-key violation (the account still captains a team): nothing is deleted then.
 */
export async function deleteAccount(
  deps: TeamRemovalDeps,
  log: { warn(details: object, message: string): void },
  userId: string,
): Promise<boolean> {
  const { db, files, containers } = deps;
  const entry = await findPersonalEntry(db, userId);
  // Read before the cascade takes the rows; a container started meanwhile is left to the janitor.
  const engineIds = entry ? await engineIdsWithin(db, { teamId: entry.id }) : [];
  let deletedEntry: DeletedTeam | null = null;
  const deleted = await withTransaction(db, async (trx) => {
    deletedEntry = await deleteEntryOf(trx, userId);
    await deleteSessionsForUser(trx, userId);
    return deleteUser(trx, userId);
  });
  const removed = deletedEntry as DeletedTeam | null;
  if (!removed) return deleted;
  containers.removeInBackground(engineIds, `the personal entry of user ${userId} deleted`);
  for (const hash of [removed.avatarHash, ...removed.writeupHashes]) {
    await files
      .release(hash)
      .catch((err: unknown) => log.warn({ err }, 'Could not release a personal entry file'));
  }
  for (const gameId of new Set(removed.gameIds)) boardChanged(deps, gameId);
  return deleted;
}

/** Deletes the user's personal entry inside the account deletion's transaction (re-read there). */
async function deleteEntryOf(trx: Kysely<DB>, userId: string): Promise<DeletedTeam | null> {
  const entry = await findPersonalEntry(trx, userId);
  return entry ? deleteTeam(trx, entry.id) : null;
}
