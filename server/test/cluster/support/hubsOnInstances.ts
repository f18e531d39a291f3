/**
 * Hub clients attached through the balancer, each known to sit on one instance: clients are
 * opened one at a time and the instance whose live hub connections grew by one holds it (each
 * instance's `/metrics`, asked directly, not through the balancer). Opening stops once the
 * wanted spread is reached, or after a bound.
 */
import type { HubConnection } from '@microsoft/signalr';
import type { VexilUnderTest } from '../../faults/support/vexilUnderTest.js';
import type { VexilCluster } from './vexilCluster.js';

export interface PlacedClient {
  connection: HubConnection;
  /** Index of the instance in `cluster.instances`. */
  instance: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function counts(cluster: VexilCluster, instances: VexilUnderTest[]): Promise<number[]> {
  return Promise.all(instances.map((instance) => cluster.hubConnections(instance)));
}

/**
 * Opens clients (`open` builds one, not started) until every instance holds at least `each` of
 * them, at most `limit` clients; answers them with their instance.
 */
export async function attachAcrossInstances(
  cluster: VexilCluster,
  open: () => HubConnection,
  each: number,
  limit = 3 * each * cluster.instances.length,
): Promise<PlacedClient[]> {
  const placed: PlacedClient[] = [];
  const spread = () =>
    cluster.instances.map((_, index) => placed.filter((p) => p.instance === index).length);
  while (placed.length < limit && spread().some((n) => n < each)) {
    const before = await counts(cluster, cluster.instances);
    const connection = open();
    await connection.start();
    // The socket is counted once its handshake is done, which `start` waited for.
    let grown = -1;
    for (let tries = 0; tries < 50 && grown < 0; tries++) {
      const after = await counts(cluster, cluster.instances);
      grown = after.findIndex((n, index) => n === before[index] + 1);
      if (grown < 0) await sleep(20);
    }
    if (grown < 0) throw new Error('No instance counted the new hub connection');
    placed.push({ connection, instance: grown });
  }
  return placed;
}
