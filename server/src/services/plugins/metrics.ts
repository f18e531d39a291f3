/**
 * `app.metrics`: the Prometheus metrics, and the timing of every request (registered before any
 * route, so every one is timed). Null, with no hook and no collection, when neither
 * `VEXIL_METRICS_TOKEN` nor `VEXIL_METRICS_ALLOW` is set; the route is plugins/metrics.ts.
 */
import { countStarts } from '../../db/repositories/containerStarts.js';
import { Metrics } from '../metrics/registry.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when metrics are off. */
    metrics: Metrics | null;
  }
}

/** Route label of requests no route matched: one series, whatever the URL. */
const UNMATCHED = 'unmatched';

export const metricsPlugin = servicePlugin(
  'metrics',
  (app) => {
    const config = app.config.metrics;
    if (!config.token && config.allow.length === 0) return null;
    const metrics = new Metrics({
      flagCheckerPending: () => app.flagChecker.pending,
      hubConnections: () => app.hubs?.connections.size ?? 0,
      runningContainers: async () => {
        const row = await app.db
          .selectFrom('containers')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },
      containerStarts: () => countStarts(app.db),
    });
    // A callback hook, not an async one: no promise per request.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.answered(
        request.routeOptions.url ?? UNMATCHED,
        request.method,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    return metrics;
  },
  ['config'],
);
