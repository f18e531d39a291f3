/**
 * One team start, run by the instance that took it from the queue (startQueue.ts) while it holds
 * the start's slot and lease. In order:
 *
 * 1. a start taken before (its holder died, or stopped) first loses whatever an earlier try left
 *    on the engine (found by the start's label), so nothing is left behind and nothing is doubled;
 * 2. a start cancelled meanwhile, or whose instance is gone, ends there;
 * 3. a stopped leftover of the instance is destroyed, then the container is launched (transient
 *    engine failures retried, service.ts) and recorded with its `ContainerStart` event in one
 *    transaction that also removes the start, only if this holder still holds it and nobody
 *    cancelled it. Otherwise the launch is undone: the container goes again at once.
 *
 * A refusal fails the start with the title the player gets (as a Start request answered before
 * the queue) and gives the 10-second guard back; an instance that stops gives the start back to
 * the queue instead; a database outage leaves it to lapse and be taken again.
 */
import { findChallengesByIds } from '../../db/repositories/challenges.js';
import {
  dropStart,
  failStart,
  findStartTarget,
  finishStart,
  releaseStart,
  type ContainerStart,
} from '../../db/repositories/containerStarts.js';
import {
  findContainerOfInstance,
  releaseContainerOperation,
} from '../../db/repositories/containers.js';
import { storageFault } from '../../db/faults.js';
import { insertGameEvent, type GameEvent } from '../../db/repositories/gameEvents.js';
import { withTransaction } from '../../db/transaction.js';
import { minutes } from '../../domain/containers.js';
import { Refused, Unavailable } from '../../domain/errors.js';
import { toGameEventModel } from '../../domain/playModels.js';
import { groups, type RealtimeBus } from '../realtime.js';
import { engineFailureText, isTransientEngineFailure } from './engineRetry.js';
import { containerFailure, CREATE_FAILED } from './errors.js';
import type { ContainerService } from './service.js';

export interface TeamStartDeps {
  containers: ContainerService;
  realtime: RealtimeBus;
}

/** The holder's token of a start and its stop signal. */
export interface HeldStart {
  token: string;
  signal: AbortSignal;
}

/** The launch was undone: cancelled meanwhile, or the start is no longer this holder's. */
class StartAbandoned extends Error {}

const seconds = (ms: number) => Math.max(0, ms) / 1000;

export async function runTeamStart(
  deps: TeamStartDeps,
  start: ContainerStart,
  held: HeldStart,
): Promise<void> {
  const { containers } = deps;
  const { db } = containers;
  const takenAt = start.takenAt ?? Date.now();
  containers.metrics?.startWaited(seconds(takenAt - start.requestedAt));
  try {
    await startContainer(deps, start, held);
    containers.metrics?.startTook(seconds(Date.now() - takenAt));
  } catch (error) {
    if (error instanceof StartAbandoned) {
      // Cancelled: the start goes too. No longer ours: the new holder has it (nothing to do).
      await dropStart(db, start.id, held.token);
      return;
    }
    if (storageFault(error)) return; // the lease lapses and another try follows
    if (held.signal.aborted && isTransientEngineFailure(error)) {
      await releaseStart(db, start.id, held.token);
      return;
    }
    await failTeamStart(containers, start, held, error);
  }
}

async function startContainer(deps: TeamStartDeps, start: ContainerStart, held: HeldStart) {
  const { containers } = deps;
  const { db } = containers;
  if (start.attempts > 1) await containers.removeStartLeftovers(start.id, held.signal);
  const target = await findStartTarget(db, start.gameInstanceId);
  const challenge = target
    ? (await findChallengesByIds(db, [target.challengeId])).get(target.challengeId)
    : undefined;
  if (start.cancelled || !target || !challenge) throw new StartAbandoned();
  if (!challenge.containerImage || !challenge.containerExposePort) throw new Refused(CREATE_FAILED);

  const leftover = await findContainerOfInstance(db, start.gameInstanceId);
  if (leftover) await containers.destroy(leftover);
  const policy = await containers.policy();
  let event: GameEvent | undefined;
  await containers.launch({
    challenge,
    gameInstanceId: start.gameInstanceId,
    team: String(target.teamId),
    flag: challenge.type === 'DynamicContainer' ? target.flag : null,
    lifetimeMs: minutes(policy.defaultLifetime),
    capture: challenge.enableTrafficCapture,
    startId: start.id,
    signal: held.signal,
    alsoWrite: async (trx) => {
      if (!(await finishStart(trx, start.id, held.token))) throw new StartAbandoned();
      event = await insertGameEvent(trx, {
        gameId: challenge.gameId,
        type: 'ContainerStart',
        values: [String(challenge.id), challenge.title],
        time: Date.now(),
        userName: start.userName,
        teamName: start.teamName,
      });
    },
  });
  if (event) {
    deps.realtime.publish(
      groups.monitors(challenge.gameId),
      'ReceivedGameEvent',
      toGameEventModel(event),
    );
  }
}

/** Records the failure once (one log line, no stack) and gives the instance's guard back. */
async function failTeamStart(
  containers: ContainerService,
  start: ContainerStart,
  held: HeldStart,
  error: unknown,
) {
  const answer = containerFailure(error, CREATE_FAILED);
  const failed = await withTransaction(containers.db, async (trx) => {
    if (!(await failStart(trx, start.id, held.token, answer.message))) return false;
    // The guard was taken with the request; a failed start did nothing, so the team may retry.
    await releaseContainerOperation(trx, start.gameInstanceId, start.requestedAt, null);
    return true;
  });
  if (!failed) return;
  const why = `Container start ${start.id} (game instance ${start.gameInstanceId}) failed: ${engineFailureText(error)}`;
  if (answer instanceof Unavailable) containers.log.error({}, why);
  else containers.log.warn({}, why);
}
