/**
 * The dependencies `/readyz` asks about, each answering `ok` or `unreachable` within a bound:
 * the database (a `select 1`), Redis when `REDIS_URL` is set (a PING on a connection of its own,
 * so the answer is about Redis now, not about a connection another use left broken) and the
 * Docker engine when containers are configured (`DOCKER_HOST` set, or the default socket there).
 */
import { existsSync } from 'node:fs';
import Docker from 'dockerode';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DEFAULT_DOCKER_SOCKET, dockerEndpoint } from '../containers/dockerEndpoint.js';
import type { Config } from '../../config.js';
import { PROBE_TIMEOUT_MS, type DependencyProbe } from '../../domain/readiness.js';
import { RedisLink } from '../redisConnection.js';

/** The probes of the shared services this configuration names (Redis, the Docker engine): they
 *  need no app, so the server that answers while the database is not there yet asks them too.
 *  `close` ends their connections. */
export function serviceProbes(config: Config): { probes: DependencyProbe[]; close(): void } {
  const probes: DependencyProbe[] = [];
  const closers: Array<() => void> = [];
  if (config.redisUrl) {
    // Every other use of Redis logs its outages; this link stays quiet.
    const link = new RedisLink(config.redisUrl);
    const connection = link.commands();
    closers.push(() => void link.close());
    probes.push({
      name: 'redis',
      required: false,
      // A fresh link (the starting server is asked at once) queues nothing: wait for it first.
      check: async () => {
        await link.whenReady(PROBE_TIMEOUT_MS);
        return connection.ping();
      },
    });
  }
  const { dockerHost, dockerCertPath } = config.containers;
  if (dockerHost || existsSync(DEFAULT_DOCKER_SOCKET)) {
    const docker = new Docker(dockerEndpoint(dockerHost, dockerCertPath).options);
    probes.push({ name: 'docker', required: false, check: () => docker.ping() });
  }
  return { probes, close: () => closers.forEach((close) => close()) };
}

/** The probes of this instance's configuration; their connections close with the app. */
export function dependencyProbes(app: FastifyInstance): DependencyProbe[] {
  const database: DependencyProbe = {
    name: 'database',
    required: true,
    check: async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        app.database.health.failed(error);
        throw error;
      }
    },
  };
  const services = serviceProbes(app.config);
  app.addHook('onClose', async () => services.close());
  return [database, ...services.probes];
}
