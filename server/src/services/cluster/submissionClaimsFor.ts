/**
 * The app's claims on the submissions it checks (services/flagCheck/claims.ts), named by the
 * instance, swept for by one instance of the cluster per period (the cluster lock) and reporting
 * to the app's log. A renewal or sweep failing while the database is down
 * is not logged again: the database's health says so once.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { ClaimKeeper, type ClaimOptions } from '../flagCheck/claims.js';

export function submissionClaimsFor(
  app: FastifyInstance,
  database: Database,
  options: Omit<ClaimOptions, 'onError'> = {},
): ClaimKeeper {
  return new ClaimKeeper(database.db, {
    instanceId: app.instanceId,
    exclusive: (sweep, periodMs) =>
      app.clusterLock.runExclusive('submission-sweep', sweep, { minHoldMs: periodMs * 0.8 }),
    ...options,
    onError: (what, error) => {
      if (database.health.failed(error)) return;
      app.log.warn({ err: error }, `Could not ${what} the claims on unchecked submissions`);
    },
  });
}
