import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** How long `/readyz` waits for the database before calling it unreachable. */
const READY_TIMEOUT_MS = 2000;

/**
 * Probes for load balancers and orchestrators. `/healthz` is liveness: 200 while the process
 * serves, whatever the database does (restarting Vexil would not bring the database back); its
 * `database` field says how the database is doing (`ok`, `unreachable`, `busy`, `full`).
 * `/readyz` is readiness: 200 once the database answers (reachable and migrated), else 503; while
 * Vexil waits for its database at start, the starting server answers both (startingServer.ts).
 */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    status: 'ok',
    database: app.database.health.current?.fault ?? 'ok',
  }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`select 1`.execute(app.db), timedOut]);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      app.database.health.failed(error);
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', database: 'unreachable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
