/**
 * `app.scoreboards`: the boards, built by the worker, kept in process or in
 * Redis, announced after each build on the monitors' hub and, unless the board is frozen for them
 * and its frozen view did not change, on the players' hub; warmed at start and before games begin.
 * Other instances hear of each build through the cluster events (topic `scoreboard`, message
 * `<gameId>:<version>`, or `<gameId>:gone` for a deleted game) and drop their older copy.
 */
import { groups } from '../realtime.js';
import { Boards } from '../scoreboard/boards.js';
import { boardBuilder } from '../scoreboard/builder.js';
import { playersUpdate } from '../scoreboard/playersUpdate.js';
import { boardStore } from '../scoreboard/redisStore.js';
import { startScoreboardWarmup, warmUpGamesUnderWay } from '../scoreboard/warmup.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    scoreboards: Boards;
  }
}

const TOPIC = 'scoreboard';
const GONE = 'gone';

export const scoreboardsPlugin = servicePlugin(
  'scoreboards',
  (app) => {
    const { database } = app;
    const boards = new Boards(
      boardBuilder(database.db, database.source),
      boardStore(app, app.config.redisUrl, database.source),
      {
        onBuilt: (board, tookMs, previous) => {
          app.metrics?.boardBuilt(tookMs / 1000);
          const read = board.read
            ? ` (${board.read.full ? 'all' : 'new'} solves: ${board.read.rows}` +
              (board.read.rowsWritten === undefined
                ? ''
                : `, team rows written: ${board.read.rowsWritten}`) +
              (board.read.workerMs === undefined
                ? ')'
                : `, ${Math.round(board.read.workerMs)} ms in the worker)`)
            : '';
          app.log.debug(
            `Built the scoreboard of game ${board.gameId} in ${Math.round(tookMs)} ms${read}`,
          );
          app.clusterEvents.publish(TOPIC, `${board.gameId}:${board.version}`);
          const update = { gameId: board.gameId, version: board.version };
          app.realtime.publish(groups.monitors(board.gameId), 'ReceivedScoreboardUpdate', update);
          const players = playersUpdate(board, previous, Date.now());
          if (players) {
            app.realtime.publish(groups.players(board.gameId), 'ReceivedScoreboardUpdate', players);
          }
        },
        onRemoved: (gameId) => app.clusterEvents.publish(TOPIC, `${gameId}:${GONE}`),
        exclusive: (gameId, build) => app.clusterLock.runExclusive(`board:${gameId}`, build),
        onError: (gameId, error) => {
          // An outage of the database is logged once, by its health.
          if (database.health.failed(error)) return;
          app.log.error({ err: error }, `Could not build the scoreboard of game ${gameId}`);
        },
      },
    );
    const unsubscribe = app.clusterEvents.subscribe(TOPIC, (message) => {
      const [game, what] = message.split(':');
      const gameId = Number(game);
      if (!Number.isInteger(gameId)) return;
      if (what === GONE) boards.removedElsewhere(gameId);
      else if (Number.isFinite(Number(what))) boards.builtElsewhere(gameId, Number(what));
    });

    const warmup = startScoreboardWarmup(
      { db: app.db, scoreboards: boards, log: app.log },
      { lock: app.clusterLock },
    );
    let starting: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', async () => {
      // In the background: the server answers while the boards are built.
      starting = warmUpGamesUnderWay(app.db, boards, Date.now(), app.log).catch(
        (error: unknown) => {
          if (database.health.failed(error)) return;
          app.log.error({ err: error }, 'Scoreboard warm-up at start failed');
        },
      );
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await warmup.stop();
      await boards.close();
      await starting;
    });
    return boards;
  },
  ['config', 'database', 'db', 'metrics', 'clusterEvents', 'clusterLock', 'realtime'],
);
