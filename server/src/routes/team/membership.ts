/** Who is in a team: invite codes, joining, leaving, kicking and handing over the captaincy. */
import {
  addMember,
  findTeamById,
  isTeamMember,
  removeMember,
  renewInviteToken,
  transferCaptaincy,
  type Team,
} from '../../db/repositories/teams.js';
import { formatInviteCode, inviteTokenMatches, parseInviteCode } from '../../domain/inviteCode.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { refusePersonalEntry } from '../../domain/playMode.js';
import {
  callerOf,
  logTeamAction,
  MAX_CAPTAINED_TEAMS,
  refuseWhileLockedAndPlaying,
  requireCaptainedTeam,
  requireChangeableTeam,
  TEAM_NOT_FOUND,
} from './guards.js';
import { teamInfo } from './models.js';

const inviteCodeOf = (team: Team) => formatInviteCode(team.name, team.id, team.inviteToken);

const NOT_A_MEMBER = 'The user is not a member of the team';

export const teamMembershipHandlers: Handlers = {
  async teamGetInviteCode(request, reply) {
    const team = await requireCaptainedTeam(request, request.params.id);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(inviteCodeOf(team)));
  },

  async teamUpdateInviteCode(request, reply) {
    const team = await requireCaptainedTeam(request, request.params.id);
    const renewed = await renewInviteToken(request.server.db, team.id);
    if (!renewed) throw notFound(TEAM_NOT_FOUND);
    logTeamAction(request, `Renewed the invite code of team ${team.name} (${team.id})`);
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(inviteCodeOf(renewed)));
  },

  async teamAccept(request) {
    const user = callerOf(request);
    const code = parseInviteCode(request.body);
    if (!code) throw badRequest('The invite code is malformed');
    const { db } = request.server;
    const team = await findTeamById(db, code.teamId);
    if (!team) throw badRequest(`The team ${code.teamName} was not found`);
    refusePersonalEntry(team);
    if (!inviteTokenMatches(code.token, team.inviteToken)) {
      throw badRequest(`The invite code of team ${code.teamName} is not valid`);
    }
    if (await isTeamMember(db, team.id, user.id)) {
      throw badRequest('You are already a member of this team');
    }
    await refuseWhileLockedAndPlaying(request, team);
    await addMember(db, team.id, user.id);
    logTeamAction(request, `Joined team ${team.name} (${team.id})`);
  },

  async teamLeave(request) {
    const user = callerOf(request);
    const team = await requireChangeableTeam(request, request.params.id);
    const { db } = request.server;
    if (!(await isTeamMember(db, team.id, user.id))) {
      throw badRequest('You are not a member of this team');
    }
    if (team.captainId === user.id) {
      throw badRequest('The captain cannot leave: transfer the captaincy or delete the team');
    }
    await refuseWhileLockedAndPlaying(request, team);
    await removeMember(db, team.id, user.id);
    logTeamAction(request, `Left team ${team.name} (${team.id})`);
  },

  async teamKickUser(request) {
    const team = await requireCaptainedTeam(request, request.params.id);
    const userId = request.params.userId.toLowerCase();
    if (userId === team.captainId) {
      throw badRequest('The captain cannot be removed: transfer the captaincy first');
    }
    const { db } = request.server;
    if (!(await isTeamMember(db, team.id, userId))) throw badRequest(NOT_A_MEMBER);
    await refuseWhileLockedAndPlaying(request, team);
    await removeMember(db, team.id, userId);
    logTeamAction(request, `Removed user ${userId} from team ${team.name} (${team.id})`);
    return teamInfo(db, (await findTeamById(db, team.id)) ?? team);
  },

  async teamTransfer(request) {
    const user = callerOf(request);
    const team = await requireCaptainedTeam(request, request.params.id);
    const newCaptainId = request.body.newCaptainId.toLowerCase();
    const { db } = request.server;
    const outcome = await transferCaptaincy(
      db,
      team.id,
      user.id,
      newCaptainId,
      MAX_CAPTAINED_TEAMS,
    );
    if (outcome === 'gone') throw notFound(TEAM_NOT_FOUND);
    if (outcome === 'notCaptain') throw forbidden('Only the captain may do this');
    if (outcome === 'notMember') throw badRequest('The new captain must be a member of the team');
    if (outcome === 'limit') {
      throw badRequest(`The new captain already captains ${MAX_CAPTAINED_TEAMS} teams`);
    }
    logTeamAction(request, `Made ${newCaptainId} captain of team ${team.name} (${team.id})`);
    const updated = await findTeamById(db, team.id);
    if (!updated) throw notFound(TEAM_NOT_FOUND);
    return teamInfo(db, updated);
  },
};
