/**
 * Starting and stopping challenge containers so that the engine and the `containers` table agree:
 * the engine creates first and the row follows (a failed insert removes the container again, a
 * failed create writes no row); destroying removes the engine container first and the row after.
 * Engine removals that nobody waits for (deleted challenges, games, teams) run in the background,
 * tracked so that closing the app waits for them.
 *
 * Every engine call is tried again on a transient failure (engineRetry.ts), and the removals of
 * this instance go through a bounded number at a time (`destroysInFlight`): a flood of destroys
 * (a janitor pass, a deleted game) gets the engine's turn like a flood of starts does. Team
 * starts are bounded across instances by the start queue (startQueue.ts), which calls `launch`.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ContainerConfig } from '../../config.js';
import type { Challenge } from '../../db/repositories/challenges.js';
import {
  deleteContainerRow,
  insertContainer,
  type Container,
} from '../../db/repositories/containers.js';
import type { DB } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import {
  containerLabels,
  containerName,
  FLAG_VARIABLE,
  LABELS,
  recordsTraffic,
  startContainerName,
  TEAM_ID_VARIABLE,
} from '../../domain/containers.js';
import type { ContainerPolicy } from '../../domain/siteSettings.js';
import { EngineRetry, engineFailureText, type EngineOperation } from './engineRetry.js';
import { Limiter } from './limiter.js';
import { loadContainerOwner, storedContainerOwner } from './owner.js';
import type { ContainerProvider, ContainerState, ListedContainer } from './provider.js';
import { TeamContainerLease } from './teamLease.js';

export interface ContainerLog {
  info(message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type ContainerChallenge = Pick<
  Challenge,
  | 'id'
  | 'gameId'
  | 'containerImage'
  | 'containerExposePort'
  | 'memoryLimit'
  | 'cpuCount'
  | 'storageLimit'
  | 'enableTrafficCapture'
>;

export interface LaunchRequest {
  challenge: ContainerChallenge;
  /** Null for an organiser's test container. */
  gameInstanceId: number | null;
  /** The team id the container is told (`admin` for test containers). */
  team: string;
  /** The flag handed to the container, if any. */
  flag: string | null;
  lifetimeMs: number;
  /** Whether the challenge asks for its traffic to be recorded. */
  capture: boolean;
  /** Written in the same transaction as the row (e.g. a game event); throwing undoes the launch. */
  alsoWrite?: (trx: Transaction<DB>, container: Container) => Promise<void>;
  /** The team start (start queue) this launch is a try of: names and labels the engine unit. */
  startId?: number;
  /** Stops retrying transient failures (the instance stops). */
  signal?: AbortSignal;
}

/** What the container service measures (the app's metrics, when they are on). */
export interface ContainerMetrics {
  engineRetried(operation: EngineOperation): void;
  /** A team start waited this long in the queue before an instance took it. */
  startWaited(seconds: number): void;
  /** A team start took this long from being taken to its container running. */
  startTook(seconds: number): void;
}

export interface ContainerServiceDeps {
  db: Kysely<DB>;
  provider: ContainerProvider;
  policy: () => Promise<ContainerPolicy>;
  config: Pick<ContainerConfig, 'publicEntry' | 'engineRetry' | 'destroysInFlight'>;
  log: ContainerLog;
  /** Names this instance in the team leases it holds (`app.instanceId`). */
  instanceId?: string;
  metrics?: ContainerMetrics | null;
}

export class ContainerService {
  readonly db: Kysely<DB>;
  readonly provider: ContainerProvider;
  readonly log: ContainerLog;
  private ownerId?: Promise<string>;
  private readonly background = new Set<Promise<unknown>>();
  private readonly destroyedListeners: ((containerId: string) => void)[] = [];
  /** A team's container creates take turns, across instances (teamLease.ts). */
  readonly teamLease: TeamContainerLease;
  /** Transient engine failures are tried again (engineRetry.ts). */
  readonly retry: EngineRetry;
  /** Engine removals of this instance in flight at once. */
  private readonly removals: Limiter;
  readonly metrics: ContainerMetrics | null;

  constructor(private readonly deps: ContainerServiceDeps) {
    this.db = deps.db;
    this.provider = deps.provider;
    this.log = deps.log;
    this.metrics = deps.metrics ?? null;
    this.retry = new EngineRetry(deps.config.engineRetry, deps.log, (operation) =>
      this.metrics?.engineRetried(operation),
    );
    this.removals = new Limiter(deps.config.destroysInFlight);
    this.teamLease = new TeamContainerLease(deps.db, {
      instanceId: deps.instanceId,
      onTrouble: (problem, participationId, err) =>
        this.log.warn(
          { err },
          problem === 'lost'
            ? `The container lease of participation ${participationId} lapsed while a create ran: the team limit may be passed`
            : `Could not ${problem} the container lease of participation ${participationId}`,
        ),
    });
  }

  /** This deployment's mark on the engine (label `vexil.owner`), made at first need. */
  owner(): Promise<string> {
    this.ownerId ??= loadContainerOwner(this.db);
    this.ownerId.catch(() => (this.ownerId = undefined));
    return this.ownerId;
  }

  /** The mark if this deployment ever started a container (nothing to sweep otherwise). */
  async knownOwner(): Promise<string | undefined> {
    if (this.ownerId) return this.ownerId;
    return (await storedContainerOwner(this.db)) ? this.owner() : undefined;
  }

  policy(): Promise<ContainerPolicy> {
    return this.deps.policy();
  }

  async launch(request: LaunchRequest): Promise<Container> {
    const { challenge } = request;
    const [policy, owner] = await Promise.all([this.policy(), this.owner()]);
    const isProxy = policy.portMapping === 'PlatformProxy';
    const id = randomUUID();
    const env: Record<string, string> = { [TEAM_ID_VARIABLE]: request.team };
    if (request.flag !== null) env[FLAG_VARIABLE] = request.flag;
    const { startId } = request;
    const spec = {
      name:
        startId === undefined
          ? containerName(challenge.id, id)
          : startContainerName(challenge.id, owner, startId),
      image: challenge.containerImage,
      env,
      memoryMiB: challenge.memoryLimit,
      cpuTenths: challenge.cpuCount,
      storageMiB: challenge.storageLimit,
      exposedPort: challenge.containerExposePort,
      publish: !isProxy,
      labels: containerLabels({
        owner,
        id,
        challengeId: challenge.id,
        gameId: challenge.gameId,
        team: request.team,
        startId,
      }),
    };
    // A try that failed in transit (a hang-up) may have made the container anyway: it goes first.
    const started = await this.retry.run(
      'create',
      `a container of ${challenge.containerImage}`,
      () => this.provider.create(spec),
      {
        beforeRetry: () => this.removeLabelled({ [LABELS.owner]: owner, [LABELS.instance]: id }),
        signal: request.signal,
      },
    );
    const now = Date.now();
    const container: Container = {
      id,
      engineId: started.engineId,
      image: challenge.containerImage,
      challengeId: challenge.id,
      gameInstanceId: request.gameInstanceId,
      ip: started.ip,
      port: started.port,
      publicIp: started.published ? (this.deps.config.publicEntry ?? started.published.host) : null,
      publicPort: started.published?.port ?? null,
      isProxy,
      capture: recordsTraffic(policy.enableTrafficCapture ?? false, request.capture, isProxy),
      startedAt: now,
      expectStopAt: now + request.lifetimeMs,
    };
    try {
      await withTransaction(this.db, async (trx) => {
        await insertContainer(trx, container);
        await request.alsoWrite?.(trx, container);
      });
    } catch (error) {
      await this.removeFromEngine(started.engineId).catch((err: unknown) =>
        this.log.error({ err }, `Could not remove unrecorded container ${started.engineId}`),
      );
      throw error;
    }
    return container;
  }

  /**
   * Removes one engine container (a container that is already gone counts as removed), taking
   * its turn among this instance's removals and trying again on transient failures.
   */
  removeFromEngine(engineId: string, signal?: AbortSignal): Promise<void> {
    return this.removals.run(() =>
      this.retry.run('destroy', `container ${engineId}`, () => this.provider.destroy(engineId), {
        signal,
      }),
    );
  }

  /** This deployment's engine containers carrying all these labels (retried). */
  listOnEngine(labels: Record<string, string>): Promise<ListedContainer[]> {
    return this.retry.run('list', 'containers', () => this.provider.list(labels));
  }

  /**
   * Removes whatever the engine holds of a team start's earlier tries: a holder that died, or a
   * create that failed in transit, may have left a container made.
   */
  async removeStartLeftovers(startId: number, signal?: AbortSignal): Promise<void> {
    const owner = await this.owner();
    const left = await this.retry.run(
      'list',
      `containers of start ${startId}`,
      () => this.provider.list({ [LABELS.owner]: owner, [LABELS.start]: String(startId) }),
      { signal },
    );
    await Promise.all(left.map((unit) => this.removeFromEngine(unit.engineId, signal)));
  }

  /** One try's clean-up before the next (inside a retry: a failure here is that try's). */
  private async removeLabelled(labels: Record<string, string>): Promise<void> {
    for (const unit of await this.provider.list(labels)) await this.provider.destroy(unit.engineId);
  }

  /** Removes the engine container, then its row (with `alsoWrite` in the same transaction). */
  async destroy(
    container: Container,
    alsoWrite?: (trx: Transaction<DB>) => Promise<void>,
  ): Promise<void> {
    await this.removeFromEngine(container.engineId);
    await withTransaction(this.db, async (trx) => {
      await deleteContainerRow(trx, container.id);
      await alsoWrite?.(trx);
    });
    for (const listener of this.destroyedListeners) listener(container.id);
  }

  /** Tells `listener` the id of each container this service destroys (e.g. to drop caches). */
  onDestroyed(listener: (containerId: string) => void): void {
    this.destroyedListeners.push(listener);
  }

  /** The engine's view of a recorded container (null: the engine lost it). */
  state(container: Container): Promise<ContainerState | null> {
    return this.retry.run('inspect', `container ${container.engineId}`, () =>
      this.provider.inspect(container.engineId),
    );
  }

  /** Removes engine containers whose rows are already gone; failures are logged, never thrown. */
  removeInBackground(engineIds: string[], why: string): void {
    for (const engineId of engineIds) {
      this.track(
        this.removeFromEngine(engineId).catch((error: unknown) =>
          this.log.warn(
            {},
            `Could not remove container ${engineId} (${why}): ${engineFailureText(error)}`,
          ),
        ),
      );
    }
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.background.add(work);
    void work.finally(() => this.background.delete(work)).catch(() => undefined);
    return work;
  }

  /** Waits for the background work under way. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }
}
