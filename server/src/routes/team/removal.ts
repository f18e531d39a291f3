/** Deleting a team (captain or administrator): the row goes, then its blobs and boards follow. */
import type { FastifyRequest } from 'fastify';
import { engineIdsWithin } from '../../db/repositories/containers.js';
import { deleteTeam } from '../../db/repositories/teams.js';
import { notFound } from '../../http/errors.js';
import { TEAM_NOT_FOUND } from './guards.js';

/** Deletes the team (members and participations by cascade), releases its avatar and writeups
 *  and recomputes the boards it was on. 404 when it is already gone. */
export async function deleteTeamAndRelease(request: FastifyRequest, teamId: number) {
  const { db, files, scoreboards, containers } = request.server;
  // Read before the cascade takes the rows; a container started meanwhile is left to the janitor.
  const engineIds = await engineIdsWithin(db, { teamId });
  const deleted = await deleteTeam(db, teamId);
  if (!deleted) throw notFound(TEAM_NOT_FOUND);
  containers.removeInBackground(engineIds, `team ${teamId} deleted`);
  for (const hash of [deleted.avatarHash, ...deleted.writeupHashes]) {
    await files
      .release(hash)
      .catch((err: unknown) => request.log.warn({ err }, 'Could not release a team file'));
  }
  for (const gameId of new Set(deleted.gameIds)) scoreboards.invalidate(gameId);
  return deleted;
}
