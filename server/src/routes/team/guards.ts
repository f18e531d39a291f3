/** Shared by the team handlers: the caller, the team, the captain check, logging. */
import type { FastifyRequest } from 'fastify';
import { findTeamById, type Team } from '../../db/repositories/teams.js';
import { isLockedAndPlaying } from '../../db/repositories/teamLock.js';
import { refusePersonalEntry } from '../../domain/playMode.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.js';

/** A user may captain at most this many teams (behaviour §5). */
export const MAX_CAPTAINED_TEAMS = 3;

export const TEAM_NOT_FOUND = 'The team was not found';

/** The signed-in caller (the role guard has already asked for a session). */
export function callerOf(request: FastifyRequest): { id: string; userName: string } {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The team, or 404. */
export async function requireTeam(request: FastifyRequest, id: number): Promise<Team> {
  const team = await findTeamById(request.server.db, id);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  return team;
}

/** The team unless it is a personal entry: 404 unknown, 400 a personal entry. */
export async function requireChangeableTeam(request: FastifyRequest, id: number): Promise<Team> {
  const team = await requireTeam(request, id);
  refusePersonalEntry(team);
  return team;
}

/**
 * The team when the caller may change it as its captain: 404 unknown, 400 a personal entry (its
 * name, avatar and member are the player's: issue 25, individual play), 403 not the captain.
 */
export async function requireCaptainedTeam(request: FastifyRequest, id: number): Promise<Team> {
  const team = await requireChangeableTeam(request, id);
  if (team.captainId !== callerOf(request).id) throw forbidden('Only the captain may do this');
  return team;
}

/** 400 while the team is locked and plays a game that has not ended (unlocks it otherwise). */
export async function refuseWhileLockedAndPlaying(request: FastifyRequest, team: Team) {
  if (await isLockedAndPlaying(request.server.db, team)) {
    throw badRequest('The team is locked while it plays a game that has not ended');
  }
}

/** A name is given when it has a non-blank character. */
export const isGivenName = (name: string | null | undefined): name is string =>
  typeof name === 'string' && name.trim() !== '';

/** Logs a player's or administrator's team action with who, from where and the outcome. */
export function logTeamAction(request: FastifyRequest, message: string): void {
  request.log.info(
    { userName: request.user?.userName, ip: request.ip, taskStatus: 'Success' },
    message,
  );
}
