/**
 * `/metrics` in the Prometheus text format, for the clients `VEXIL_METRICS_TOKEN` or
 * `VEXIL_METRICS_ALLOW` let in (services/metrics/access.ts): 401 without credentials, 403 for a
 * wrong token or address. Off (no route, no hook, no collection) when neither is set. Outside
 * `/api` and hidden from the OpenAPI document, like the health probes. The metrics themselves,
 * and the timing of every request, are `app.metrics` (services/plugins/metrics.ts).
 */
import type { FastifyInstance } from 'fastify';
import { metricsAccessCheck } from '../domain/metricsAccess.js';

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
