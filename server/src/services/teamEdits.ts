/**
 * Writes to a team that change what boards show (its name, bio and avatar, or the team itself
 * gone): each rebuilds the boards of the team's games once committed (scoreboard/boardChanges.ts).
 */
import { engineIdsWithin } from '../db/repositories/containers.js';
import {
  deleteTeam,
  findTeamById,
  swapTeamAvatar,
  updateTeam,
  type DeletedTeam,
  type Team,
  type TeamPatch,
} from '../db/repositories/teams.js';
import {
  boardChanged,
  boardsOfTeamChanged,
  type BoardChangeDeps,
} from './scoreboard/boardChanges.js';

/** The team after `patch`; null when it is gone. Boards change when its name or bio did. */
export async function updateTeamDetails(
  deps: BoardChangeDeps,
  teamId: number,
  patch: TeamPatch,
): Promise<Team | null> {
  const before = await findTeamById(deps.db, teamId);
  const updated = await updateTeam(deps.db, teamId, patch);
  if (updated && (updated.name !== before?.name || updated.bio !== before?.bio)) {
    await boardsOfTeamChanged(deps, teamId);
  }
  return updated;
}

/** Sets the avatar's blob; answers the one it replaced, or null when the team is gone. */
export async function replaceTeamAvatar(
  deps: BoardChangeDeps,
  teamId: number,
  hash: string,
): Promise<{ previous: string | null } | null> {
  const swapped = await swapTeamAvatar(deps.db, teamId, hash);
  if (swapped) await boardsOfTeamChanged(deps, teamId);
  return swapped;
}

export interface TeamRemovalDeps extends BoardChangeDeps {
  files: { release(hash: string | null): Promise<unknown> };
  containers: { removeInBackground(engineIds: string[], why: string): void };
}

/**
 * Deletes the team (members and participations by cascade), releases its avatar and writeups
 * and rebuilds the boards it was on. Null when it is already gone.
 */
export async function deleteTeamAndRelease(
  deps: TeamRemovalDeps,
  log: { warn(details: object, message: string): void },
  teamId: number,
): Promise<DeletedTeam | null> {
  const { db, files, containers } = deps;
  // Read before the cascade takes the rows; a container started meanwhile is left to the janitor.
  const engineIds = await engineIdsWithin(db, { teamId });
  const deleted = await deleteTeam(db, teamId);
  if (!deleted) return null;
  containers.removeInBackground(engineIds, `team ${teamId} deleted`);
  for (const hash of [deleted.avatarHash, ...deleted.writeupHashes]) {
    await files
      .release(hash)
      .catch((err: unknown) => log.warn({ err }, 'Could not release a team file'));
  }
  for (const gameId of new Set(deleted.gameIds)) boardChanged(deps, gameId);
  return deleted;
}
