/**
 * The containers bench's own private single-node swarm, started the server tests' way
 * (server/test/support/swarmDaemon.ts) in a place of its own: another socket, bridge, gateway
 * bridge and data, so the bench can run while a test run holds the tests' swarm, and stopping it
 * never pulls that one from under the tests. The bench stops what it started and removes the
 * daemon's folders and log with it (the image is imported again next time, about a second); a
 * daemon already answering on the bench's socket is used and left running.
 */
import { rm } from 'node:fs/promises';
import {
  startSwarm,
  stopSwarm,
  swarmEngine,
  swarmHost,
  type StartedSwarm,
  type SwarmPlace,
} from '../../server/test/support/swarmDaemon.js';

export const BENCH_SWARM: SwarmPlace = {
  socket: '/tmp/vexil-bench-swarm.sock',
  bridge: 'vexilbench0',
  bridgeAddress: '172.31.251.1/24',
  dataRoot: '/tmp/vexil-bench-swarm',
  execRoot: '/tmp/vexil-bench-swarm-exec',
  pidFile: '/tmp/vexil-bench-swarm.pid',
  log: '/tmp/vexil-bench-swarm.log',
  gatewayBridge: 'vexilbenchgw0',
};

export const BENCH_SWARM_HOST = swarmHost(BENCH_SWARM);

export interface BenchSwarm {
  /** Whether this run started the daemon (else one already answered on the bench's socket). */
  startedHere: boolean;
  stop(): Promise<void>;
}

export async function startBenchSwarm(): Promise<BenchSwarm> {
  const started: StartedSwarm = await startSwarm(BENCH_SWARM);
  let stopping: Promise<void> | null = null;
  return {
    startedHere: started.daemon !== null,
    // Once only: the normal path and a signal's cleanup may both ask.
    stop: () => (stopping ??= stopStarted(started)),
  };
}

async function stopStarted(started: StartedSwarm): Promise<void> {
  if (!started.daemon) return;
  const docker = swarmEngine(BENCH_SWARM);
  // Leaving the swarm first takes down its ingress sandbox, whose namespace is a mount in
  // the exec root: the folders can then go.
  await docker.swarmLeave({ force: true }).catch(() => undefined);
  // Removed services' containers take their 10-s stop grace (the echo image's shell ignores
  // SIGTERM), and the daemon would wait for them on its way out: they are killed now.
  for (const container of await docker.listContainers({ all: true }).catch(() => [])) {
    await docker
      .getContainer(container.Id)
      .remove({ force: true })
      .catch(() => undefined);
  }
  if (!(await stopSwarm(started))) {
    throw new Error(`the bench's dockerd did not stop; ${BENCH_SWARM.dataRoot} is kept`);
  }
  for (const path of [BENCH_SWARM.dataRoot, BENCH_SWARM.execRoot, BENCH_SWARM.log]) {
    await rm(path, { recursive: true, force: true });
  }
}
