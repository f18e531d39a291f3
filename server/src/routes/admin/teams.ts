import { countTeams, findTeamById, listTeams, searchTeams } from '../../db/repositories/teams.js';
import { refusePersonalEntry } from '../../domain/playMode.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { deleteTeamAndRelease, updateTeamDetails } from '../../services/teamEdits.js';
import { isGivenName, TEAM_NOT_FOUND } from '../team/guards.js';
import { teamInfos, teamPage } from '../team/models.js';
import { logAdminAction } from './adminLog.js';

/** Admin team management (/api/admin/teams*). */
export const adminTeamHandlers: Handlers = {
  async adminGetTeams(request) {
    const { count = 100, skip = 0 } = request.query;
    const { db } = request.server;
    return teamPage(await teamInfos(db, await listTeams(db, skip, count)), await countTeams(db));
  },

  async adminSearchTeams(request) {
    const { db } = request.server;
    const teams = await teamInfos(db, await searchTeams(db, request.query.hint));
    return teamPage(teams, teams.length);
  },

  async adminUpdateTeam(request) {
    const { name, bio, locked } = request.body;
    const { db } = request.server;
    const current = await findTeamById(db, request.params.id);
    if (!current) throw notFound(TEAM_NOT_FOUND);
    // A personal entry (issue 25) is named after its player: rename the player instead.
    const renaming = isGivenName(name) && name !== current.name;
    if (renaming) refusePersonalEntry(current);
    const team = await updateTeamDetails(request.server, request.params.id, {
      name: renaming ? name : undefined,
      bio: bio ?? undefined,
      locked: locked ?? undefined,
    });
    if (!team) throw notFound(TEAM_NOT_FOUND);
    logAdminAction(request, `Updated team ${team.name} (${team.id})`);
  },

  async adminDeleteTeam(request) {
    const deleted = await deleteTeamAndRelease(request.server, request.log, request.params.id);
    if (!deleted) throw notFound(TEAM_NOT_FOUND);
    logAdminAction(request, `Deleted team ${deleted.name} (${request.params.id})`);
  },
};
