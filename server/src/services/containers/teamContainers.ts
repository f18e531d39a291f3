/**
 * A team's container of one challenge (behaviour §7.2): create, destroy, extend. Create and destroy
 * share a 10-second guard per instance, kept in `game_instances.last_container_operation` and
 * claimed by compare-and-set (whatever the rate-limit switch says), so concurrent creates make one
 * container. A stopped leftover is replaced; the team limit refuses or, by policy, destroys the
 * team's oldest container first, and a team's creates take turns on every instance (teamLease.ts)
 * so that two at once cannot both pass it. Starts and player-driven destroys are recorded as game
 * events.
 */
import type { Transaction } from 'kysely';
import type { Challenge } from '../../db/repositories/challenges.js';
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
import {
  CONTAINER_OPERATION_GAP_MS,
  guardRetryAfter,
  latestExtensibleStop,
  minutes,
  teamLimitDecision,
} from '../../domain/containers.js';
import { toGameEventModel } from '../../domain/playModels.js';
import { loadInstance } from '../playInstances.js';
import { groups, type RealtimeBus } from '../realtime.js';
import { DomainError, Refused } from '../../domain/errors.js';
import {
  CONTAINER_EXISTS,
  CONTAINER_NOT_CREATED,
  containerFailure,
  containerGuardRefusal,
} from './errors.js';
import type { ContainerService } from './service.js';

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
}

const CREATE_FAILED = 'Failed to create container for challenge';
const DELETE_FAILED = 'Failed to delete container for challenge';

function checkGuard(instance: GameInstance, now: number): void {
  const last = instance.lastContainerOperation;
  if (last !== null && now - last < CONTAINER_OPERATION_GAP_MS) {
    throw containerGuardRefusal(guardRetryAfter(last, now));
  }
}

/** Claims the guard, runs `work`, and gives the claim back when `work` fails. */
async function guarded<T>(
  deps: TeamContainerDeps,
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
      log.warn({ err: error }, `${failureTitle} ${instance.challengeId}`);
    }
    throw containerFailure(error, failureTitle);
  }
}

function recordEvent(target: TeamChallenge, type: 'ContainerStart' | 'ContainerDestroy') {
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

export async function createTeamContainer(
  deps: TeamContainerDeps,
  target: TeamChallenge,
): Promise<Container> {
  // The team limit is checked against the team's containers before one is launched: a team's
  // creates take turns (on every instance, teamLease.ts), or two started at once would both pass it.
  return deps.containers.teamLease.hold(target.participation.id, () => createInTurn(deps, target));
}

async function createInTurn(deps: TeamContainerDeps, target: TeamChallenge): Promise<Container> {
  const { containers } = deps;
  const { game, participation, challenge, instance, now } = target;
  checkGuard(instance, now);
  const leftover = await findContainerOfInstance(containers.db, instance.id);
  let oldest: Container | null = null;
  if (leftover) {
    const state = await containers.state(leftover).catch((e) => {
      throw containerFailure(e, CREATE_FAILED);
    });
    if (state === 'running' || state === 'pending') throw new Refused(CONTAINER_EXISTS);
  } else {
    const policy = await containers.policy();
    const mine = await listContainersOfParticipation(containers.db, participation.id);
    const limit = game.containerCountLimit;
    const decision = teamLimitDecision(mine.length, limit, policy.autoDestroyOnLimitReached);
    if (decision === 'refuse') {
      throw new Refused(`The number of team containers cannot exceed ${limit}`);
    }
    if (decision === 'destroyOldest') oldest = mine[0];
  }
  if (!challenge.containerImage || !challenge.containerExposePort) throw new Refused(CREATE_FAILED);

  const event = recordEvent(target, 'ContainerStart');
  const container = await guarded(deps, target, CREATE_FAILED, async () => {
    if (leftover) await containers.destroy(leftover);
    if (oldest) await containers.destroy(oldest);
    const loaded = await loadInstance(containers.db, game, challenge, participation, instance);
    const policy = await containers.policy();
    return containers.launch({
      challenge,
      gameInstanceId: instance.id,
      team: String(participation.teamId),
      flag: challenge.type === 'DynamicContainer' ? (loaded?.flag ?? null) : null,
      lifetimeMs: minutes(policy.defaultLifetime),
      capture: challenge.enableTrafficCapture,
      alsoWrite: event.write,
    });
  });
  event.publish(deps.realtime);
  return container;
}

export async function destroyTeamContainer(
  deps: TeamContainerDeps,
  target: TeamChallenge,
): Promise<void> {
  const { containers } = deps;
  const existing = await findContainerOfInstance(containers.db, target.instance.id);
  if (!existing) throw new Refused(CONTAINER_NOT_CREATED);
  checkGuard(target.instance, target.now);
  const event = recordEvent(target, 'ContainerDestroy');
  await guarded(deps, target, DELETE_FAILED, () => containers.destroy(existing, event.write));
  event.publish(deps.realtime);
}

/** Adds the extension to the current planned stop, only inside the renewal window. */
export async function extendTeamContainer(
  deps: TeamContainerDeps,
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
