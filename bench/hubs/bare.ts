/**
 * The parent's side of the bare reference (bareHub.ts): as many processes as Vexil has instances,
 * each pinned as Vexil is and holding its share of the sockets, behind the same nginx when there
 * are several (the sockets take the same path as Vexil's); a broadcast goes to all of them at
 * once, and their figures are summed as a cluster's are (serverProbe.ts).
 */
import type { Balancer } from '../cluster/nginxBalancer.js';
import { spawnChild, type Child } from '../event/child.js';
import { startHubBalancer } from './balancer.js';
import type { Broadcast } from './bareHub.js';
import { combineSamples, type ServerProbe, type ServerSample } from './serverProbe.js';

export interface BareHub {
  /** Where sockets connect, dealt round robin (one per process). */
  socketBases: string[];
  probe: ServerProbe;
  /** Sends one message to every socket; answers how many it went to. */
  broadcast(message: Broadcast): Promise<number>;
  stop(): Promise<void>;
}

export async function startBareHubs(
  count: number,
  cpus: string | undefined,
  sockets: number,
): Promise<BareHub> {
  const children: Child[] = [];
  let balancer: Balancer | undefined;
  const stop = async () => {
    await balancer?.stop();
    await Promise.all(children.map((child) => child.stop()));
  };
  try {
    for (let i = 0; i < count; i++) {
      children.push(spawnChild('bench/hubs/bareHub.ts', { env: { ...process.env }, cpus }));
    }
    const ports = await Promise.all(
      children.map(async (child) => (await child.next<{ port: number }>('listening')).port),
    );
    const all = <T>(message: Record<string, unknown>) =>
      Promise.all(children.map((child) => child.request<T>(message)));
    if (count > 1) {
      balancer = await startHubBalancer(
        ports.map((port) => `127.0.0.1:${port}`),
        sockets,
      );
    }
    return {
      socketBases: balancer?.urls ?? ports.map((port) => `http://127.0.0.1:${port}`),
      probe: {
        reset: async () => void (await all({ type: 'reset' })),
        sample: async () => combineSamples(await all<ServerSample>({ type: 'sample' })),
      },
      async broadcast(message) {
        const answers = await all<{ sentTo: number }>({ type: 'broadcast', message });
        return answers.reduce((n, answer) => n + answer.sentTo, 0);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
