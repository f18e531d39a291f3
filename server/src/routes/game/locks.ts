/**
 * Locked means locked everywhere (issue 25): a challenge locked to the caller's team is refused
 * by every team route of it (read, attachment, container, submission) before anything is done
 * or recorded. One the organiser hides while locked answers as an unknown challenge (404); one
 * shown locked answers 400 "The challenge is locked". Monitors and Admins see everything.
 */
import type { FastifyRequest } from 'fastify';
import { Refused } from '../../domain/errors.js';
import type { GameNotice } from '../../db/repositories/notices.js';
import { findParticipationOfUser } from '../../db/repositories/participations.js';
import { noticesFor } from '../../services/unlocks/noticeAudience.js';
import { lockOf, teamLocks, type LockedTeam } from '../../services/unlocks/teamLocks.js';
import { viewerOf } from './context.js';
import { teamOf } from './teamView.js';

export const CHALLENGE_LOCKED = 'The challenge is locked';

/** Whether the caller sees past locks (staff). */
export const seesLocked = (request: FastifyRequest): boolean => viewerOf(request).seesHidden;

/** Throws when the challenge is locked to the team: `hidden()` for a hidden one, else 400. */
export async function refuseIfLocked(
  request: FastifyRequest,
  gameId: number,
  challengeId: number,
  team: LockedTeam,
  hidden: () => Error,
  now = Date.now(),
): Promise<void> {
  if (seesLocked(request)) return;
  const rule = await lockOf(request.server, gameId, challengeId, team, now);
  if (!rule) return;
  throw rule.showWhenLocked ? new Refused(CHALLENGE_LOCKED) : hidden();
}

/** The notices the caller may read: none naming a challenge hidden from its team while locked. */
export async function noticesForReader(
  request: FastifyRequest,
  gameId: number,
  notices: GameNotice[],
  now = Date.now(),
): Promise<GameNotice[]> {
  if (seesLocked(request)) return notices;
  const app = request.server;
  if ((await app.unlocks.rulesOf(gameId)).isEmpty) return notices;
  const participation = request.user
    ? await findParticipationOfUser(app.db, gameId, request.user.id)
    : null;
  const progress =
    participation?.status === 'Accepted'
      ? (await teamLocks(app, gameId, teamOf(participation), now)).progress
      : undefined;
  return noticesFor(app, gameId, notices, progress, now);
}
