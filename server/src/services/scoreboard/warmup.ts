/**
 * Scoreboard warm-up (behaviour §12): every 10 minutes, on the wall-clock tens, games starting
 * within the next 15 minutes get their board built if none is stored yet, so the crowd arriving
 * at the start is served at once. At server start, the boards of games under way (or that ended
 * within the last day, or start within 15 minutes) are built too: no reader waits for a first
 * build after a restart. With several instances, one of them runs each periodic warm-up (the
 * cluster lock); the boards it builds are shared through Redis.
 */
import type { Kysely } from 'kysely';
import { storageFault } from '../../db/faults.js';
import {
  listGamesStartingBetween,
  listGamesUnderWayBetween,
} from '../../db/repositories/scoreboardData.js';
import type { DB } from '../../db/schema.js';
import type { ClusterLock } from '../cluster/clusterLock.js';
import { BoardUnavailableError } from './boards.js';

export const WARMUP_INTERVAL_MS = 10 * 60_000;
export const WARMUP_HORIZON_MS = 15 * 60_000;
/** Games that ended this recently still draw readers after a restart. */
export const RECENTLY_ENDED_MS = 24 * 60 * 60_000;

export interface WarmupTarget {
  /** Answers the cached board, computing it only when there is none. */
  get(gameId: number): Promise<unknown>;
}

export interface WarmupLogger {
  error(object: object, message: string): void;
}

/** Computes the missing boards of games starting in [now, now + horizon]; answers their ids. */
export async function warmUpScoreboards(
  db: Kysely<DB>,
  boards: WarmupTarget,
  now: number,
  log?: WarmupLogger,
  horizonMs = WARMUP_HORIZON_MS,
): Promise<number[]> {
  return warm(boards, await listGamesStartingBetween(db, now, now + horizonMs), log);
}

/** At server start: the boards of games under way around now; answers their ids. */
export async function warmUpGamesUnderWay(
  db: Kysely<DB>,
  boards: WarmupTarget,
  now: number,
  log?: WarmupLogger,
): Promise<number[]> {
  const ids = await listGamesUnderWayBetween(db, now - RECENTLY_ENDED_MS, now + WARMUP_HORIZON_MS);
  return warm(boards, ids, log);
}

async function warm(boards: WarmupTarget, ids: number[], log?: WarmupLogger): Promise<number[]> {
  for (const id of ids) {
    try {
      await boards.get(id);
    } catch (error) {
      // A failed build was reported when it failed (an outage of the database once, by its
      // health): not again here.
      if (error instanceof BoardUnavailableError) continue;
      log?.error({ err: error }, `Could not warm up the scoreboard of game ${id}`);
    }
  }
  return ids;
}

export interface WarmupJob {
  /** One run now (tests). */
  runOnce(): Promise<number[]>;
  /** No further runs; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

export interface WarmupOptions {
  intervalMs?: number;
  clock?: () => number;
  /** One instance of the cluster warms up per interval. */
  lock?: ClusterLock;
}

/** Runs the warm-up on every multiple of the interval until stopped. */
export function startScoreboardWarmup(
  app: { db: Kysely<DB>; scoreboards: WarmupTarget; log: WarmupLogger },
  { intervalMs = WARMUP_INTERVAL_MS, clock = Date.now, lock }: WarmupOptions = {},
): WarmupJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const runOnce = () => warmUpScoreboards(app.db, app.scoreboards, clock(), app.log);
  const schedule = () => {
    if (stopped) return;
    const delay = intervalMs - (clock() % intervalMs);
    const periodic = lock
      ? () => lock.runExclusive('scoreboard-warmup', runOnce, { minHoldMs: intervalMs / 2 })
      : runOnce;
    timer = setTimeout(() => {
      running = periodic()
        .catch((error: unknown) => {
          // The database is down: its health has logged the outage.
          if (storageFault(error)) return;
          app.log.error({ err: error }, 'Scoreboard warm-up failed');
        })
        .finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
