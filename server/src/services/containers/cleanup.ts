/**
 * The container janitor: every minute it destroys the containers past their planned stop (no game
 * event, as the contract says) and removes engine containers that carry this deployment's owner
 * label but have no row — left by a crash, or by a deleted challenge, game or team whose removal
 * failed. A grace period spares containers being created right now, whose row is not written yet,
 * and a container of a team start still starting is never an orphan (a long create). With several
 * instances, one of them runs each pass (the cluster lock). Its removals take their turn among the
 * instance's bounded removals and are tried again on transient failures (service.ts).
 */
import { listStartingIds } from '../../db/repositories/containerStarts.js';
import { listContainerIds, listExpiredContainers } from '../../db/repositories/containers.js';
import { storageFault } from '../../db/faults.js';
import { LABELS } from '../../domain/containers.js';
import type { ClusterLock } from '../cluster/clusterLock.js';
import { engineFailureText } from './engineRetry.js';
import { ContainerEngineUnavailableError } from './provider.js';
import type { ContainerService } from './service.js';

export const CLEANUP_INTERVAL_MS = 60_000;
/** Engine containers younger than this are never orphans (their row may be on its way). */
export const ORPHAN_GRACE_MS = 2 * 60_000;

/** Destroys every container whose planned stop has passed; answers how many went. */
export async function destroyExpiredContainers(
  containers: ContainerService,
  now: number = Date.now(),
): Promise<number> {
  const expired = await listExpiredContainers(containers.db, now);
  // All at once: the service's removal limiter lets a few through at a time.
  const results = await Promise.allSettled(expired.map((c) => containers.destroy(c)));
  let destroyed = 0;
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') destroyed++;
    else if (!(result.reason instanceof ContainerEngineUnavailableError)) {
      containers.log.warn(
        {},
        `Could not destroy expired container ${expired[index].id}: ${engineFailureText(result.reason)}`,
      );
    }
  });
  const unavailable = results.find(
    (r) => r.status === 'rejected' && r.reason instanceof ContainerEngineUnavailableError,
  );
  if (unavailable?.status === 'rejected') throw unavailable.reason;
  return destroyed;
}

/** Removes this deployment's engine containers that have no row; answers how many went. */
export async function removeOrphanContainers(
  containers: ContainerService,
  { graceMs = ORPHAN_GRACE_MS, now = Date.now() }: { graceMs?: number; now?: number } = {},
): Promise<number> {
  const owner = await containers.knownOwner();
  if (!owner) return 0;
  const listed = await containers.listOnEngine({ [LABELS.owner]: owner });
  const known = await listContainerIds(containers.db);
  const starting = await listStartingIds(containers.db);
  const orphans = listed.filter((found) => {
    const id = found.labels[LABELS.instance];
    const start = Number(found.labels[LABELS.start]);
    if ((id && known.has(id)) || starting.has(start)) return false;
    return now - found.createdAt >= graceMs;
  });
  const results = await Promise.allSettled(
    orphans.map((found) => containers.removeFromEngine(found.engineId)),
  );
  let removed = 0;
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') removed++;
    else if (result.reason instanceof ContainerEngineUnavailableError) throw result.reason;
    else {
      containers.log.warn(
        {},
        `Could not remove orphan container ${orphans[index].engineId}: ${engineFailureText(result.reason)}`,
      );
    }
  });
  return removed;
}

export interface CleanupJob {
  /** Runs one pass now (also what the interval does); passes never overlap. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the janitor: one pass right away, then one per interval; with a cluster lock, a pass
 * runs on one instance per interval.
 */
export function startContainerCleanup(
  containers: ContainerService,
  intervalMs: number = CLEANUP_INTERVAL_MS,
  lock?: ClusterLock,
): CleanupJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  let engineDown = false;

  const pass = async () => {
    try {
      const expired = await destroyExpiredContainers(containers);
      const orphans = await removeOrphanContainers(containers);
      if (engineDown) containers.log.info('The container engine answers again');
      engineDown = false;
      if (expired + orphans > 0) {
        containers.log.info(`Removed ${expired} expired and ${orphans} orphan containers`);
      }
    } catch (error) {
      // The database is down: its health logs the outage once; the next pass tries again.
      if (storageFault(error)) return;
      if (!(error instanceof ContainerEngineUnavailableError)) {
        containers.log.error({ err: error }, 'Container cleanup failed');
      } else if (!engineDown) {
        engineDown = true;
        containers.log.warn(
          {},
          `Container cleanup: the engine is unavailable (${engineFailureText(error)})`,
        );
      }
    }
  };
  const exclusivePass = async () => {
    if (!lock) return pass();
    await lock
      .runExclusive('container-cleanup', pass, { minHoldMs: intervalMs * 0.8 })
      .catch((error: unknown) => {
        // The lock's database is down: its health logs the outage; the next pass tries again.
        if (!storageFault(error)) containers.log.error({ err: error }, 'Container cleanup failed');
      });
  };
  const runOnce = () => {
    if (stopped) return Promise.resolve();
    running ??= exclusivePass().finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  void runOnce();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
