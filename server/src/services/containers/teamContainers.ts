/**
 * A team's container of one challenge (behaviour §7.2): create, destroy, extend. Create and destroy
 * share a 10-second guard per instance, kept in `game_instances.last_container_operation` and
 * claimed by compare-and-set (whatever the rate-limit switch says), so concurrent creates make one
 * container. A stopped leftover is replaced; the team limit refuses or, by policy, destroys the
 * team's oldest container first, and a team's creates take turns on every instance (teamLease.ts)
 * so that two at once cannot both pass it. Starts and player-driven destroys are recorded as game
 * events.
 *
 * A create does not start the container itself (issue 24): once its checks pass it queues a start
 * (startQueue.ts), which the engine gets in its turn, and waits for it a few seconds. The team
 * limit counts the team's containers and its queued or starting starts. A destroy while the start
 * is queued cancels it; while it is starting, the container goes as soon as it is up.
 */
import type { Transaction } from 'kysely';
import type { Challenge } from '../../db/repositories/challenges.js';
import {
  cancelStart,
  enqueueStart,
  findStart,
  findStartOfInstance,
  listActiveStartsOfParticipation,
  queuePosition,
  type ContainerStart,
} from '../../db/repositories/containerStarts.js';
import {
  claimContainerOperation,
  extendContainer,
  findContainerOfInstance,
  listContainersOfParticipation,
  releaseContainerOperation,
  type Container,
} from '../../db/repositories/containers.js';
import { insertGameEvent, type GameEvent } from '../../db/repositories/gameEvents.js';
import type { Game } from '../../db/repositories/games.js';
import type { GameInstance } from '../../db/repositories/instances.js';
import type { Participation } from '../../db/repositories/participations.js';
import type { DB } from '../../db/schema.js';
import { cancelledContainerInfo, pendingContainerInfo } from '../../domain/containerStarts.js';
import {
  CONTAINER_OPERATION_GAP_MS,
  guardRetryAfter,
  latestExtensibleStop,
  minutes,
  teamLimitDecision,
  toContainerInfo,
  type ContainerInfoModel,
} from '../../domain/containers.js';
import { toGameEventModel } from '../../domain/playModels.js';
import { loadInstance } from '../playInstances.js';
import { groups, type RealtimeBus } from '../realtime.js';
import { DomainError, Refused } from '../../domain/errors.js';
import { engineFailureText } from './engineRetry.js';
import {
  CONTAINER_EXISTS,
  CONTAINER_NOT_CREATED,
  CREATE_FAILED,
  DELETE_FAILED,
  ENGINE_UNAVAILABLE,
  containerFailure,
  containerGuardRefusal,
  engineUnavailable,
} from './errors.js';
import type { ContainerService } from './service.js';
import type { ContainerStarts } from './starts.js';

export interface TeamChallenge {
  game: Game;
  participation: Participation;
  challenge: Challenge;
  instance: GameInstance;
  userName: string;
  teamName: string;
  now: number;
}

export interface TeamContainerDeps {
  containers: ContainerService;
  realtime: RealtimeBus;
  starts: ContainerStarts;
}

function checkGuard(instance: GameInstance, now: number): void {
  const last = instance.lastContainerOperation;
  if (last !== null && now - last < CONTAINER_OPERATION_GAP_MS) {
    throw containerGuardRefusal(guardRetryAfter(last, now));
  }
}

/** Claims the guard, runs `work`, and gives the claim back when `work` fails. */
async function guarded<T>(
  deps: Pick<TeamContainerDeps, 'containers'>,
  { instance, now }: TeamChallenge,
  failureTitle: string,
  work: () => Promise<T>,
): Promise<T> {
  const { db, log } = deps.containers;
  if (!(await claimContainerOperation(db, instance.id, now, CONTAINER_OPERATION_GAP_MS))) {
    throw containerGuardRefusal(guardRetryAfter(now, now));
  }
  try {
    return await work();
  } catch (error) {
    await releaseContainerOperation(db, instance.id, now, instance.lastContainerOperation);
    if (!(error instanceof DomainError)) {
      log.warn({}, `${failureTitle} ${instance.challengeId}: ${engineFailureText(error)}`);
    }
    throw containerFailure(error, failureTitle);
  }
}

function recordEvent(target: TeamChallenge, type: 'ContainerDestroy') {
  let written: GameEvent | undefined;
  const write = async (trx: Transaction<DB>) => {
    written = await insertGameEvent(trx, {
      gameId: target.game.id,
      type,
      values: [String(target.challenge.id), target.challenge.title],
      time: Date.now(),
      userName: target.userName,
      teamName: target.teamName,
    });
  };
  const publish = (realtime: RealtimeBus) => {
    if (written) {
      realtime.publish(
        groups.monitors(target.game.id),
        'ReceivedGameEvent',
        toGameEventModel(written),
      );
    }
  };
  return { write, publish };
}

/**
 * Queues the start of the team's container and waits for it up to the configured time: the
 * running container, or its start still `Pending` with its place in line.
 */
export async function createTeamContainer(
  deps: TeamContainerDeps,
  target: TeamChallenge,
): Promise<ContainerInfoModel> {
  // The team limit is checked against the team's containers and starts before one is queued: a
  // team's creates take turns (on every instance, teamLease.ts), or two at once would both pass it.
  const start = await deps.containers.teamLease.hold(target.participation.id, () =>
    queueInTurn(deps, target),
  );
  void deps.starts.dispatcher.wake();
  await deps.starts.waiters.wait(start.id, deps.starts.waitMs);
  return answerOf(deps, start, target);
}

async function queueInTurn(deps: TeamContainerDeps, target: TeamChallenge) {
  const { containers } = deps;
  const { db } = containers;
  const { game, participation, challenge, instance, now } = target;
  checkGuard(instance, now);
  // A start on its way is the container "already" there.
  const pending = await findStartOfInstance(db, instance.id);
  if (pending && pending.state !== 'failed') throw new Refused(CONTAINER_EXISTS);
  const leftover = await findContainerOfInstance(db, instance.id);
  let oldest: Container | ContainerStart | undefined;
  if (leftover) {
    // A stopped leftover is replaced by the start (teamStart.ts), which leaves the count as it is.
    const state = await containers.state(leftover).catch((e: unknown) => {
      throw containerFailure(e, CREATE_FAILED);
    });
    if (state === 'running' || state === 'pending') throw new Refused(CONTAINER_EXISTS);
  } else {
    const policy = await containers.policy();
    const mine = await listContainersOfParticipation(db, participation.id);
    const starts = await listActiveStartsOfParticipation(db, participation.id);
    const limit = game.containerCountLimit;
    const decision = teamLimitDecision(
      mine.length + starts.length,
      limit,
      policy.autoDestroyOnLimitReached,
    );
    if (decision === 'refuse') {
      throw new Refused(`The number of team containers cannot exceed ${limit}`);
    }
    if (decision === 'destroyOldest') oldest = mine[0] ?? starts[0];
  }
  if (!challenge.containerImage || !challenge.containerExposePort) throw new Refused(CREATE_FAILED);

  return guarded(deps, target, CREATE_FAILED, async () => {
    if (oldest && 'engineId' in oldest) await containers.destroy(oldest);
    else if (oldest) await cancelStart(db, oldest.id);
    // The team's flag is fixed now, so the start only reads it.
    await loadInstance(db, game, challenge, participation, instance);
    return enqueueStart(db, {
      gameInstanceId: instance.id,
      participationId: participation.id,
      userName: target.userName,
      teamName: target.teamName,
      now,
    });
  });
}

/** What a Start request answers once its wait is over. */
async function answerOf(
  { containers }: TeamContainerDeps,
  queued: ContainerStart,
  target: TeamChallenge,
): Promise<ContainerInfoModel> {
  const { db } = containers;
  const start = await findStart(db, queued.id);
  if (!start) {
    // Done: the container the start made (newer than the request; a leftover is older), else the
    // team cancelled it meanwhile.
    const container = await findContainerOfInstance(db, target.instance.id);
    return container && container.startedAt >= queued.requestedAt
      ? toContainerInfo(container)
      : cancelledContainerInfo(queued.requestedAt);
  }
  if (start.state === 'failed') {
    if (start.reason === ENGINE_UNAVAILABLE) throw engineUnavailable();
    throw new Refused(start.reason ?? CREATE_FAILED);
  }
  const policy = await containers.policy();
  return pendingContainerInfo(
    start.requestedAt,
    minutes(policy.defaultLifetime),
    await queuePosition(db, start),
  );
}

export async function destroyTeamContainer(
  deps: Pick<TeamContainerDeps, 'containers' | 'realtime'>,
  target: TeamChallenge,
): Promise<void> {
  const { containers } = deps;
  const start = await findStartOfInstance(containers.db, target.instance.id);
  if (start && start.state !== 'failed') {
    // Cancelling touches no engine: no guard, no event. A start that ended just now has made its
    // container, which is destroyed below like any other.
    if (start.cancelled || (await cancelStart(containers.db, start.id)) !== 'gone') return;
  }
  const existing = await findContainerOfInstance(containers.db, target.instance.id);
  if (!existing) throw new Refused(CONTAINER_NOT_CREATED);
  checkGuard(target.instance, target.now);
  const event = recordEvent(target, 'ContainerDestroy');
  await guarded(deps, target, DELETE_FAILED, () => containers.destroy(existing, event.write));
  event.publish(deps.realtime);
}

/** Adds the extension to the current planned stop, only inside the renewal window. */
export async function extendTeamContainer(
  deps: Pick<TeamContainerDeps, 'containers'>,
  { instance, now }: TeamChallenge,
): Promise<Container> {
  const { containers } = deps;
  const existing = await findContainerOfInstance(containers.db, instance.id);
  if (!existing) throw new Refused(CONTAINER_NOT_CREATED);
  const policy = await containers.policy();
  const extended = await extendContainer(
    containers.db,
    existing.id,
    minutes(policy.extensionDuration),
    latestExtensibleStop(now, policy.renewalWindow),
  );
  if (!extended) throw new Refused("Container's lifetime cannot be extended yet");
  return extended;
}
