/**
 * `/metrics` in the Prometheus text format, for the clients `VEXIL_METRICS_TOKEN` or
 * `VEXIL_METRICS_ALLOW` let in (services/metrics/access.ts): 401 without credentials, 403 for a
 * wrong token or address. Off (no route, no hook, no collection) when neither is set. Outside
 * `/api` and hidden from the OpenAPI document, like the health probes.
 */
import type { FastifyInstance } from 'fastify';
import { metricsAccessCheck } from '../services/metrics/access.js';
import { Metrics } from '../services/metrics/registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Null when metrics are off. */
    metrics: Metrics | null;
  }
}

/** Route label of requests no route matched: one series, whatever the URL. */
const UNMATCHED = 'unmatched';

/** Creates the metrics and times every request; before any route, so every one is timed. */
export function registerMetrics(app: FastifyInstance): void {
  const config = app.config.metrics;
  if (!config.token && config.allow.length === 0) {
    app.decorate<Metrics | null>('metrics', null);
    return;
  }
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
  });
  app.decorate<Metrics | null>('metrics', metrics);
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
}

/** The `/metrics` route, beside the health probes. */
export function registerMetricsRoute(app: FastifyInstance): void {
  const metrics = app.metrics;
  if (!metrics) return;
  const access = metricsAccessCheck(app.config.metrics);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const decision = access(request.headers.authorization, request.ip);
    if (decision === 'unauthenticated') {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ title: 'Metrics need a bearer token', status: 401 });
    }
    if (decision === 'forbidden') {
      return reply.code(403).send({ title: 'Metrics are not shown to this client', status: 403 });
    }
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}
