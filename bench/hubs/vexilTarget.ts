/**
 * Vexil as the hubs bench measures it: one instance in its own process (bench/event's
 * startVexil: the production bundle, rate limits off, quiet logs), or several sharing one
 * PostgreSQL database, Redis (REDIS_URL), one data folder and one VEXIL_SECRET behind nginx
 * (balancer.ts), as docs/deploy.md "Several instances" sets a cluster up and server/test/cluster/
 * tests it. Metrics are on for 127.0.0.1, where the bench reads each instance's figures directly.
 */
import { randomBytes } from 'node:crypto';
import { startVexil, type VexilServer } from '../event/vexilProcess.js';
import { startHubBalancer } from './balancer.js';
import { vexilProbe, type ServerProbe } from './serverProbe.js';

export interface VexilTarget {
  /** Where the API calls go (the balancer in a cluster). */
  api: string;
  /** Where sockets connect, dealt round robin (the balancer's addresses in a cluster). */
  socketBases: string[];
  probe: ServerProbe;
  stop(): Promise<void>;
}

export interface TargetOptions {
  instances: number;
  sockets: number;
  cpus?: string;
  storage: { dataDir: string; databaseUrl?: string };
}

const METRICS = { VEXIL_METRICS_ALLOW: '127.0.0.1' };

export async function startVexilTarget(options: TargetOptions): Promise<VexilTarget> {
  if (options.instances === 1) {
    const server = await startVexil(options.storage, { env: METRICS, cpus: options.cpus });
    return {
      api: server.url,
      socketBases: [server.url],
      probe: vexilProbe([server.url]),
      stop: () => server.stop(),
    };
  }
  const redisUrl = process.env.REDIS_URL;
  if (!redisUrl) throw new Error('A cluster needs Redis: set REDIS_URL');
  const env = {
    ...METRICS,
    REDIS_URL: redisUrl,
    VEXIL_SECRET: randomBytes(24).toString('base64url'),
    VEXIL_TRUSTED_PROXIES: '127.0.0.1',
  };
  const servers: VexilServer[] = [];
  const stopServers = () => Promise.all(servers.map((server) => server.stop()));
  try {
    // One after another: the first builds the bundle, and the database is migrated already.
    for (let i = 0; i < options.instances; i++) {
      servers.push(await startVexil(options.storage, { env, cpus: options.cpus }));
    }
    const upstreams = servers.map((server) => `127.0.0.1:${server.port}`);
    const balancer = await startHubBalancer(upstreams, options.sockets);
    return {
      api: balancer.url,
      socketBases: balancer.urls,
      probe: vexilProbe(servers.map((server) => server.url)),
      async stop() {
        await balancer.stop();
        await stopServers();
      },
    };
  } catch (error) {
    await stopServers();
    throw error;
  }
}
