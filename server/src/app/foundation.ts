/**
 * The first of the app's plugins: its inputs as decorators, the graceful stop (whose hook must run
 * before every other: a request arriving during a stop gets 503 and nothing else) and the metrics
 * (before any route, so that every request is timed).
 */
import fp from 'fastify-plugin';
import { registerGracefulStop } from '../plugins/gracefulStop.js';
import { metricsPlugin } from '../services/plugins/metrics.js';
import {
  configPlugin,
  databasePlugin,
  dbPlugin,
  logStorePlugin,
  type AppDependencies,
} from '../services/plugins/appInputs.js';

export const foundation = fp<AppDependencies>(
  async (app, deps) => {
    await app.register(configPlugin, deps);
    registerGracefulStop(app, deps.config.shutdownTimeoutSeconds * 1000);
    await app.register(metricsPlugin);
    await app.register(databasePlugin, deps);
    await app.register(dbPlugin);
    await app.register(logStorePlugin, deps);
  },
  { name: 'vexil-foundation' },
);
