import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Liveness and database reachability, for load balancers and orchestrators. */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
}
