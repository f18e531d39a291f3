/**
 * `app.unlocks`: each game's unlock rules kept in process (unlocks/rulesCache.ts) and the timed
 * release job (unlocks/releases.ts, one instance per interval under the cluster lock), started
 * when the app is ready and stopped when it closes.
 */
import { announceUnlocks, startReleaseJob, type ReleaseJob } from '../unlocks/releases.js';
import { UnlockRulesCache } from '../unlocks/rulesCache.js';
import { servicePlugin } from '../servicePlugin.js';

export interface UnlockService {
  rulesOf: UnlockRulesCache['rulesOf'];
  /** The game's rules changed (stored): every instance reads them again. */
  changed(gameId: number): void;
  /**
   * A team solved a challenge of the game: when the game has rules that depend on solves or
   * scores, tell the team's members to read their challenges again.
   */
  solved(gameId: number, participationId: number): void;
  /** Runs the release job now (tests); resolves at once until the app is ready. */
  runReleases(now?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    unlocks: UnlockService;
  }
}

export const unlocksPlugin = servicePlugin(
  'unlocks',
  (app) => {
    const { database } = app;
    const cache = new UnlockRulesCache(database.db, app.clusterEvents);
    let job: ReleaseJob | undefined;
    app.addHook('onReady', async () => {
      job = startReleaseJob(
        { db: database.db, realtime: app.realtime, scoreboards: app.scoreboards },
        app.clusterLock,
        (error) => {
          if (!database.health.failed(error)) app.log.error({ err: error }, 'Release job failed');
        },
      );
    });
    app.addHook('onClose', async () => {
      await job?.stop();
      cache.close();
    });
    return {
      rulesOf: (gameId: number) => cache.rulesOf(gameId),
      changed: (gameId: number) => cache.changed(gameId),
      solved: (gameId: number, participationId: number) => {
        cache.rulesOf(gameId).then(
          (rules) => {
            if (rules.needsProgress) announceUnlocks(app.realtime, gameId, participationId);
          },
          () => {}, // a read that failed: the board update and the next read still tell
        );
      },
      runReleases: (now?: number) => job?.runOnce(now) ?? Promise.resolve(),
    };
  },
  ['database', 'clusterEvents', 'clusterLock', 'realtime', 'scoreboards'],
);
