import type { FastifyInstance } from 'fastify';
import { readiness } from '../domain/readiness.js';
import { dependencyProbes } from '../services/readiness/probes.js';

/**
 * Probes for load balancers and orchestrators. `/healthz` is liveness: 200 while the process
 * serves, whatever the database does (restarting Vexil would not bring the database back); its
 * `database` field says how the database is doing (`ok`, `unreachable`, `busy`, `full`).
 * `/readyz` is readiness: it asks every dependency (readiness/probes.ts) and says each one's state.
 * Only the database makes the instance unready (503): without Redis or the Docker engine it still
 * serves (boards built locally, rate limits per instance, container operations answering 503),
 * and since every instance shares them, failing readiness on them would take all instances out
 * of the load balancer at once, turning a partial outage into a full one. So their outage answers
 * 200 with `status: degraded`; `/readyz?strict=true` answers 503 for them too. While Vexil waits
 * for its database at start, the starting server answers both (startingServer.ts).
 */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    status: 'ok',
    database: app.database.health.current?.fault ?? 'ok',
  }));

  const probes = dependencyProbes(app);
  app.get<{ Querystring: { strict?: string } }>(
    '/readyz',
    { schema: { hide: true } },
    async (request, reply) => {
      const { ready, body } = await readiness(probes, request.query.strict === 'true');
      if (!ready) reply.code(503).header('retry-after', '5');
      return body;
    },
  );
}
