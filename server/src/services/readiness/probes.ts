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
import { RedisLink } from '../redisConnection.js';

/** How long a probe may take before its dependency counts as unreachable. */
export const PROBE_TIMEOUT_MS = 2000;

export type DependencyState = 'ok' | 'unreachable';

export interface DependencyProbe {
  name: 'database' | 'redis' | 'docker';
  /** Whether the instance cannot serve without it (only the database: see health.ts). */
  required: boolean;
  check(): Promise<unknown>;
}

/** Runs `probe` bounded by the timeout: `ok`, or `unreachable` on a failure or no answer. */
export async function stateOf(probe: DependencyProbe): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe.check(), timedOut]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

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

/** Each probe's state by name, and the overall state: `unavailable` when a required one (or,
 *  when `strict`, any one) is not ok, `degraded` when only an optional one is not. */
export async function readiness(
  probes: DependencyProbe[],
  strict: boolean,
): Promise<{ ready: boolean; body: Record<string, string> }> {
  const states = await Promise.all(probes.map(stateOf));
  const body: Record<string, string> = {};
  let unready = false;
  let degraded = false;
  probes.forEach((probe, i) => {
    body[probe.name] = states[i];
    if (states[i] === 'ok') return;
    if (probe.required || strict) unready = true;
    else degraded = true;
  });
  const status = unready ? 'unavailable' : degraded ? 'degraded' : 'ready';
  return { ready: !unready, body: { status, ...body } };
}
