/**
 * The daemon assembled: the sites' consent, the tunnel pool, the latency probes and the HTTP API
 * listening on one local address. `main.ts` starts it from the command line; tests and scripts
 * can start it in-process.
 */
import type { AddressInfo } from 'node:net';
import { formatHostPort } from './address.js';
import { ScopeRegistry, type ScopeStore } from './consent.js';
import { InstancePool, type Log } from './pool.js';
import { startProbes } from './probe.js';
import { createDaemon, DAEMON_VERSION } from './server.js';

export interface DaemonConfig {
  host?: string;
  port?: number;
  /** Origins accepted without asking. */
  allow?: readonly string[];
  store?: ScopeStore;
  log?: Log;
  probeIntervalMs?: number;
  halfCloseGraceMs?: number;
}

export interface RunningDaemon {
  /** The API's base URL, e.g. http://127.0.0.1:3307. */
  url: string;
  registry: ScopeRegistry;
  pool: InstancePool;
  close: () => Promise<void>;
}

export async function startDaemon(config: DaemonConfig = {}): Promise<RunningDaemon> {
  const { host = '127.0.0.1', port = 3307, log = () => {} } = config;
  const registry = new ScopeRegistry({ allow: config.allow, store: config.store });
  const pool = new InstancePool({ log, halfCloseGraceMs: config.halfCloseGraceMs });
  const server = createDaemon({ registry, pool, log });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const stopProbes = startProbes(pool, registry, {
    intervalMs: config.probeIntervalMs,
    userAgent: `vexil-tunnel/${DAEMON_VERSION}`,
    log,
  });
  const bound = server.address() as AddressInfo;
  return {
    url: `http://${formatHostPort({ host: bound.address, port: bound.port })}`,
    registry,
    pool,
    close: async () => {
      stopProbes();
      pool.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
