/**
 * Expired sessions leave the database once an hour. A session is refused as soon as it expires
 * (the lookup compares `expires_at`), but the row stayed: every sign-in adds one, so an event's
 * sessions table grew without end. One instance of the cluster prunes per period (the cluster
 * lock); pruning twice would only delete nothing.
 */
import type { Kysely } from 'kysely';
import { storageFault } from '../db/faults.js';
import { pruneExpiredSessions } from '../db/repositories/sessions.js';
import type { DB } from '../db/schema.js';
import type { ClusterLock } from './cluster/clusterLock.js';

export const SESSION_PRUNE_INTERVAL_MS = 60 * 60_000;

export interface SessionPruner {
  /** One pass now (tests): answers how many sessions were removed. */
  runOnce(): Promise<number>;
  /** No further passes; resolves once a pass in progress has finished. */
  stop(): Promise<void>;
}

interface PrunerLog {
  info(message: string): void;
  error(details: { err: unknown }, message: string): void;
}

export function startSessionPruner(
  app: { db: Kysely<DB>; clusterLock: ClusterLock; log: PrunerLog },
  { intervalMs = SESSION_PRUNE_INTERVAL_MS, clock = Date.now } = {},
): SessionPruner {
  let running: Promise<unknown> = Promise.resolve();
  const runOnce = async () => {
    const removed = await pruneExpiredSessions(app.db, clock());
    if (removed > 0) app.log.info(`Removed ${removed} expired sessions`);
    return removed;
  };
  const pass = () =>
    app.clusterLock
      .runExclusive('session-prune', runOnce, { minHoldMs: intervalMs * 0.8 })
      .catch((error: unknown) => {
        // The database is down: its health has logged the outage; the next pass tries again.
        if (!storageFault(error))
          app.log.error({ err: error }, 'Could not remove expired sessions');
      });
  const timer = setInterval(() => void (running = pass()), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
