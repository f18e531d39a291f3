/**
 * Locked means locked everywhere (issue 25): a challenge locked to the caller's team is refused
 * by every team route of it (read, attachment, container, submission) before anything is done
 * or recorded. One the organiser hides while locked answers as an unknown challenge (404); one
 * shown locked answers 400 "The challenge is locked". Monitors and Admins see everything.
 */
import type { FastifyRequest } from 'fastify';
import { Refused } from '../../domain/errors.js';
import { lockOf, type LockedTeam } from '../../services/unlocks/teamLocks.js';
import { viewerOf } from './context.js';

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
