/**
 * `app.flagChecker`: checks submitted flags in the background; starts when the app is ready,
 * resumes when the database comes back, stops (after its current batch) when the app closes.
 */
import { submissionClaimsFor } from '../cluster/submissionClaimsFor.js';
import { FlagChecker } from '../flagChecker.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    flagChecker: FlagChecker;
  }
}

export const flagCheckerPlugin = servicePlugin(
  'flagChecker',
  (app) => {
    const { database, config } = app;
    const flagChecker = new FlagChecker(
      {
        db: database.db,
        realtime: app.realtime,
        scoreboards: app.scoreboards,
        metrics: app.metrics ?? undefined,
        // registered later (plugins/unlocks.ts); asked only once the app runs
        solved: (gameId, participationId) => app.unlocks.solved(gameId, participationId),
      },
      {
        workers: config.flagCheckWorkers || undefined,
        dialect: database.dialect,
        onError: (ids, failures, error) => {
          // An outage of the database is logged once, by its health; the checks wait for it.
          if (database.health.failed(error)) return;
          // Any other failure: say so at 1, 2, 4, 8… failures.
          if ((failures & (failures - 1)) !== 0) return;
          const what =
            ids.length > 0
              ? `check submissions ${ids.join(', ')}`
              : 'claim the unchecked submissions';
          app.log.error({ err: error }, `Could not ${what} (${failures} times); retrying`);
        },
        claims: submissionClaimsFor(app, database),
        singleInstance: database.dialect === 'sqlite',
      },
    );
    app.addHook('onReady', () => flagChecker.start());
    const forgetRecovery = database.health.onRecovered(() => flagChecker.resume());
    app.addHook('onClose', () => {
      forgetRecovery();
      return flagChecker.stop();
    });
    return flagChecker;
  },
  ['config', 'database', 'realtime', 'scoreboards', 'metrics', 'clusterLock', 'instanceId'],
);
