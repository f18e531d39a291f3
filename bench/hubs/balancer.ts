/**
 * nginx in front of the hubs bench's servers when there are several (Vexil's instances, and the
 * bare reference's processes, so that both are measured through the same balancer): the cluster
 * test's set-up (bench/cluster/nginxBalancer.ts) sized for the sockets, as docs/deploy.md "Many
 * live connections" tells an operator to size it.
 */
import { spawnSync } from 'node:child_process';
import {
  nginxBinary,
  startBalancer,
  type Balancer,
  type BalancerSize,
} from '../cluster/nginxBalancer.js';

/** The hard limit of open files a process may raise itself to here. */
function hardFileLimit(): number {
  const answer = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  return answer === 'unlimited' ? 1_048_576 : Number(answer) || 1024;
}

/**
 * nginx for `sockets` WebSockets: each holds a client and an upstream connection of a worker,
 * so ~12,000 connections per worker keeps each under a descriptor limit of 20,000 (this
 * machine's hard limit); one listen address per 10,000 clients keeps each destination's ephemeral
 * ports (~28,000) far from full.
 */
export function balancerSize(sockets: number): BalancerSize {
  const connections = 2 * sockets + 1000;
  const workerProcesses = Math.max(1, Math.ceil(connections / 12_000));
  const rlimit = Math.min(hardFileLimit(), 65_536);
  return {
    workerProcesses,
    workerConnections: Math.min(rlimit - 100, 32_768),
    workerRlimitNofile: rlimit,
    listen: Array.from(
      { length: Math.max(1, Math.ceil(sockets / 10_000)) },
      (_, i) => `127.0.0.${i + 1}`,
    ),
    reusePort: true,
    accessLog: false,
  };
}

export async function startHubBalancer(upstreams: string[], sockets: number): Promise<Balancer> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error('Several servers need nginx in front, which is not installed');
  return startBalancer(nginx, upstreams, balancerSize(sockets));
}
