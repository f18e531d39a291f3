/** The team itself: list mine, create, read, update, delete (`/api/team`, `/api/team/{id}`). */
import { createTeamWithinLimit, listTeamsOfUser } from '../../db/repositories/teams.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { deleteTeamAndRelease, updateTeamDetails } from '../../services/teamEdits.js';
import {
  callerOf,
  isGivenName,
  logTeamAction,
  MAX_CAPTAINED_TEAMS,
  refuseWhileLockedAndPlaying,
  requireCaptainedTeam,
  requireTeam,
  TEAM_NOT_FOUND,
} from './guards.js';
import { teamInfo, teamInfos, withCurrentLocks } from './models.js';

export const teamCrudHandlers: Handlers = {
  async teamGetTeams(request) {
    const { db } = request.server;
    return teamInfos(
      db,
      await withCurrentLocks(db, await listTeamsOfUser(db, callerOf(request).id)),
    );
  },

  async teamCreateTeam(request) {
    const user = callerOf(request);
    const { name, bio } = request.body;
    if (!isGivenName(name)) throw badRequest('The team name is required');
    const { db } = request.server;
    const team = await createTeamWithinLimit(
      db,
      { name, bio: bio ?? '', captainId: user.id },
      MAX_CAPTAINED_TEAMS,
    );
    if (!team) throw badRequest(`A user may captain at most ${MAX_CAPTAINED_TEAMS} teams`);
    logTeamAction(request, `Created team ${team.name} (${team.id})`);
    return teamInfo(db, team);
  },

  async teamGetTeam(request) {
    const team = await requireTeam(request, request.params.id);
    const [current] = await withCurrentLocks(request.server.db, [team]);
    return teamInfo(request.server.db, current);
  },

  async teamUpdateTeam(request) {
    const team = await requireCaptainedTeam(request, request.params.id);
    const { name, bio } = request.body;
    const { db } = request.server;
    const updated = await updateTeamDetails(request.server, team.id, {
      name: isGivenName(name) ? name : undefined,
      bio: bio ?? undefined,
    });
    if (!updated) throw notFound(TEAM_NOT_FOUND);
    logTeamAction(request, `Updated team ${updated.name} (${team.id})`);
    return teamInfo(db, updated);
  },

  async teamDeleteTeam(request) {
    const team = await requireCaptainedTeam(request, request.params.id);
    await refuseWhileLockedAndPlaying(request, team);
    if (!(await deleteTeamAndRelease(request.server, request.log, team.id))) {
      throw notFound(TEAM_NOT_FOUND);
    }
    logTeamAction(request, `Deleted team ${team.name} (${team.id})`);
  },
};
