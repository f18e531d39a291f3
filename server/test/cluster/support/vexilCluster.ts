/**
 * A Vexil cluster as the deployment guide describes it (docs/deploy.md, "Several instances"):
 * a fresh database on the throw-away PostgreSQL (its identity names the deployment, so its Redis
 * keys are its own), the shared Redis, one data folder, one `VEXIL_SECRET`, three Vexil processes
 * started together on loopback (the fault tests' launcher, faults/support/vexilUnderTest.ts), and
 * nginx balancing over them (bench/cluster/nginxBalancer.ts, shared with the hubs bench).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchVexil, type VexilUnderTest } from '../../faults/support/vexilUnderTest.js';
import { openTestDatabase, type TestDatabase } from '../../support/databases.js';
import { startBalancer, type Balancer } from '#bench/cluster/nginxBalancer.js';

export const ADMIN_PASSWORD = 'Cluster-Admin-2026';

export interface VexilCluster {
  /** The cluster's database, open for the test's own reads. */
  database: TestDatabase;
  instances: VexilUnderTest[];
  balancer: Balancer;
  /** Hub connections an instance holds right now (its `/metrics`, asked directly). */
  hubConnections(instance: VexilUnderTest): Promise<number>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  nginx: string;
  redisUrl: string;
  size?: number;
}

export async function startCluster({
  nginx,
  redisUrl,
  size = 3,
}: ClusterOptions): Promise<VexilCluster> {
  const database = await openTestDatabase('postgres');
  const dataDir = await mkdtemp(join(tmpdir(), 'vexil-cluster-'));
  const env = {
    VEXIL_SECRET: randomBytes(24).toString('base64url'),
    VEXIL_ADMIN_PASSWORD: ADMIN_PASSWORD,
    VEXIL_TRUSTED_PROXIES: '127.0.0.1',
    VEXIL_METRICS_ALLOW: '127.0.0.1',
    // Every client of the test comes from 127.0.0.1: per-address limits would throttle the load.
    VEXIL_RATE_LIMIT: 'off',
  };
  const instances: VexilUnderTest[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.kill()));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Started together on the empty database, as a cluster is: migrations and the admin account
    // are made by whichever instance comes first.
    const launches = await Promise.allSettled(
      Array.from({ length: size }, () =>
        launchVexil({
          dataDir,
          databaseUrl: database.openOptions.databaseUrl,
          redisUrl,
          env,
          // Three processes compile and start at once, beside other suites, on a 2-core machine.
          readyWithinMs: 120_000,
        }),
      ),
    );
    for (const launch of launches) if (launch.status === 'fulfilled') instances.push(launch.value);
    const failed = launches.find((launch) => launch.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    balancer = await startBalancer(
      nginx,
      instances.map((instance) => `127.0.0.1:${instance.port}`),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    database,
    instances,
    balancer,
    async hubConnections(instance) {
      const text = await (await fetch(`${instance.url}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith('vexil_hub_connections '));
      if (!line) throw new Error(`No vexil_hub_connections in ${instance.url}/metrics`);
      return Number(line.split(' ')[1]);
    },
    stop,
  };
}
