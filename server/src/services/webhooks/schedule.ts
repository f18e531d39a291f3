/**
 * Game start and end have no request to enqueue them: this job, run by one instance of the
 * cluster per interval (the cluster lock), finds the games whose start or end passed within the
 * look-back window and queues `GameStart` / `GameEnd` with the keys `game:<id>:start` and
 * `game:<id>:end`. Keys are unique per endpoint, so a second instance, an overlapping run or a
 * restart enqueues nothing new; the window lets a job that missed a few runs (all instances down)
 * catch up. Only endpoints that existed when the game started or ended receive it.
 *
 * The same job keeps the delivery log from growing without end: deliveries settled (delivered or
 * failed) more than DELIVERY_RETENTION_MS ago are removed. Every solve makes a delivery per
 * endpoint that wants solves, so an event of 1,000 teams leaves tens of thousands of rows.
 */
import type { Kysely } from 'kysely';
import { pruneSettledDeliveries } from '../../db/repositories/webhookDeliveries.js';
import { listGamesStartingOrEndingIn } from '../../db/repositories/webhooks.js';
import type { DB } from '../../db/schema.js';
import type { ClusterLock } from '../cluster/clusterLock.js';
import { enqueueEvents, type OutboxEvent } from './outbox.js';

/** How far back a start or end is still news. */
export const SCHEDULE_LOOKBACK_MS = 6 * 60 * 60_000;
/** How long the log keeps a settled delivery. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** One run of the job: the starts and ends to queue, then the log's old settled rows. */
export async function runScheduleOnce(db: Kysely<DB>, now: number): Promise<void> {
  await enqueueGameMilestones(db, now);
  await pruneSettledDeliveries(db, now - DELIVERY_RETENTION_MS);
}

/** Queues the starts and ends of (now - look-back, now]; answers how many deliveries were stored. */
export async function enqueueGameMilestones(db: Kysely<DB>, now: number): Promise<number> {
  const events: OutboxEvent[] = [];
  for (const game of await listGamesStartingOrEndingIn(db, now - SCHEDULE_LOOKBACK_MS, now)) {
    const fields = { start: game.start, end: game.end };
    if (game.start <= now && game.start > now - SCHEDULE_LOOKBACK_MS) {
      const time = game.start;
      events.push({
        event: 'GameStart',
        key: `game:${game.id}:start`,
        game,
        fields: { time, ...fields },
        since: time,
      });
    }
    if (game.end <= now && game.end > now - SCHEDULE_LOOKBACK_MS) {
      const time = game.end;
      events.push({
        event: 'GameEnd',
        key: `game:${game.id}:end`,
        game,
        fields: { time, ...fields },
        since: time,
      });
    }
  }
  return enqueueEvents(db, events, now);
}

export interface ScheduleJob {
  /** One run now, under the lock (tests; also what the interval does). */
  runOnce(now?: number): Promise<void>;
  stop(): Promise<void>;
}

export function startWebhookSchedule(
  db: Kysely<DB>,
  lock: ClusterLock,
  intervalMs: number,
  onError: (error: unknown) => void,
): ScheduleJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const runOnce = (now?: number) => {
    if (stopped) return Promise.resolve();
    running ??= lock
      .runExclusive('webhook-schedule', () => runScheduleOnce(db, now ?? Date.now()), {
        minHoldMs: intervalMs * 0.8,
      })
      .then(() => undefined, onError)
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
