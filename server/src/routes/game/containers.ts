/** A team's challenge container (G20 create, G21 extend, G22 destroy). */
import type { FastifyRequest } from 'fastify';
import { findChallenge } from '../../db/repositories/challenges.js';
import { findInstance } from '../../db/repositories/instances.js';
import { findTeamNameOfParticipation } from '../../db/repositories/participations.js';
import { isContainerChallenge, toContainerInfo } from '../../domain/containers.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import {
  createTeamContainer,
  destroyTeamContainer,
  extendTeamContainer,
  type TeamChallenge,
} from '../../services/containers/teamContainers.js';
import { logAction, passGate } from './context.js';
import { refuseIfLocked } from './locks.js';

/** The gate, then the team's instance of an enabled container challenge. */
async function teamChallenge(
  request: FastifyRequest,
  gameId: number,
  challengeId: number,
): Promise<TeamChallenge> {
  const { game, participation, caller, now } = await passGate(request, gameId, {
    endedBlocked: true,
  });
  const { db } = request.server;
  const challenge = await findChallenge(db, game.id, challengeId);
  const instance = challenge?.isEnabled
    ? await findInstance(db, participation.id, challengeId)
    : null;
  if (!challenge || !instance) throw notFound('The challenge was not found');
  await refuseIfLocked(
    request,
    game.id,
    challenge.id,
    { participationId: participation.id, teamId: participation.teamId },
    () => notFound('The challenge was not found'),
    now,
  );
  if (!isContainerChallenge(challenge.type)) {
    throw badRequest('This challenge cannot create a container');
  }
  const teamName = await findTeamNameOfParticipation(db, participation.id);
  return { game, participation, challenge, instance, userName: caller.userName, teamName, now };
}

const deps = (request: FastifyRequest) => ({
  containers: request.server.containers,
  realtime: request.server.realtime,
  starts: request.server.containerStarts,
});

export const gameContainerHandlers: Handlers = {
  async gameCreateContainer(request) {
    const target = await teamChallenge(request, request.params.id, request.params.challengeId);
    const answer = await createTeamContainer(deps(request), target);
    const what = answer.status === 'Pending' ? 'queued the start of' : 'started';
    logAction(request, `${target.teamName} ${what} a container of ${target.challenge.title}`);
    return answer;
  },

  async gameExtendContainerLifetime(request) {
    const target = await teamChallenge(request, request.params.id, request.params.challengeId);
    const container = await extendTeamContainer(deps(request), target);
    logAction(request, `${target.teamName} extended its container of ${target.challenge.title}`);
    return toContainerInfo(container);
  },

  async gameDeleteContainer(request) {
    const target = await teamChallenge(request, request.params.id, request.params.challengeId);
    await destroyTeamContainer(deps(request), target);
    logAction(request, `${target.teamName} destroyed its container of ${target.challenge.title}`);
  },
};
