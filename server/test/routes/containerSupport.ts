// Helpers of the container suites: container challenges of the echo image, the three player calls
// (each checked against the spec), the rows behind them, and policy switches.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Caller } from '../support/app.js';
import { createChallenge, type ChallengeOverrides } from '../support/competition.js';
import { ECHO_PORT } from '../support/docker.js';
import { expectMatchesSpec } from '../support/spec.js';
import type { ContainerPolicy } from '#server/domain/siteSettings.js';
import { rowsFromSettings } from '#server/domain/siteSettings.js';

/** An enabled DynamicContainer challenge of the echo image (unless overridden). */
export function containerChallenge(
  app: FastifyInstance,
  gameId: number,
  image: string,
  overrides: ChallengeOverrides = {},
) {
  return createChallenge(app, gameId, {
    type: 'DynamicContainer',
    flagTemplate: 'flag{echo_[TEAM_HASH]}',
    containerImage: image,
    containerExposePort: ECHO_PORT,
    ...overrides,
  });
}

async function checked(operationId: string, response: Promise<LightMyRequestResponse>) {
  const answer = await response;
  expectMatchesSpec(operationId, answer);
  return answer;
}

const path = (gameId: number, challengeId: number) =>
  `/api/game/${gameId}/container/${challengeId}`;

export const startContainer = (call: Caller, gameId: number, challengeId: number) =>
  checked('gameCreateContainer', call({ method: 'POST', url: path(gameId, challengeId) }));

export const destroyContainer = (call: Caller, gameId: number, challengeId: number) =>
  checked('gameDeleteContainer', call({ method: 'DELETE', url: path(gameId, challengeId) }));

export const extendContainer = (call: Caller, gameId: number, challengeId: number) =>
  checked(
    'gameExtendContainerLifetime',
    call({ method: 'POST', url: `${path(gameId, challengeId)}/extend` }),
  );

/** The team's own context of a challenge (its container's entry, its start in the queue…). */
export async function challengeContext(call: Caller, gameId: number, challengeId: number) {
  const view = await call({ method: 'GET', url: `/api/game/${gameId}/challenges/${challengeId}` });
  if (view.statusCode !== 200) throw new Error(`challenge view: ${view.statusCode} ${view.body}`);
  return view.json().context as {
    instanceEntry: string | null;
    closeTime: number | null;
    containerStart: { state: string; position: number; reason: string | null } | null;
  };
}

/** The container rows of a team's instance of a challenge. */
export async function containerRows(
  app: FastifyInstance,
  participationId: number,
  challengeId: number,
) {
  return app.db
    .selectFrom('containers')
    .innerJoin('game_instances', 'game_instances.id', 'containers.game_instance_id')
    .selectAll('containers')
    .where('game_instances.participation_id', '=', participationId)
    .where('game_instances.challenge_id', '=', challengeId)
    .execute();
}

/** Pretends the last create/destroy of the instance was 11 seconds ago. */
export async function passGuard(
  app: FastifyInstance,
  participationId: number,
  challengeId: number,
) {
  await app.db
    .updateTable('game_instances')
    .set({ last_container_operation: Date.now() - 11_000 })
    .where('participation_id', '=', participationId)
    .where('challenge_id', '=', challengeId)
    .execute();
}

/** Saves part of the container policy (as the admin settings would). */
export async function setPolicy(app: FastifyInstance, policy: Partial<ContainerPolicy>) {
  await app.settings.save(rowsFromSettings({ containerPolicy: policy }));
}
