/**
 * The bare reference: the least a client can do to get the same container answering, straight on
 * the engine, one at a time on a quiet engine. Docker: create (the image, limits, environment
 * and random published port Vexil's Docker provider asks for), start, inspect for the port, then
 * connect until the service answers. Swarm: create a one-replica service as Vexil's Swarm provider
 * does, but with a host port chosen beforehand, so no task needs to be read: connect until it
 * answers. Each is removed after it answered (not timed), and the next waits for it to be gone.
 */
import type Docker from 'dockerode';
import { machineAddress } from '../../server/src/services/containers/dockerProvider.js';
import { ECHO_IMAGE, ECHO_PORT } from '../../server/test/support/testImages.js';
import { freePort } from '../event/vexilProcess.js';
import type { BenchEngine } from './engines.js';
import { waitForAnswer } from './serviceAnswer.js';

/** Label of the bench's own units (never counted as Vexil's, always removed). */
export const BARE_LABEL = 'vexil-bench.bare';

/** The challenge's limits (the columns' defaults, bench/containers/seed.ts). */
const MEMORY_BYTES = 64 * 1024 * 1024;
const NANO_CPUS = 100_000_000;
const ENV = ['FLAG=flag{bare}', 'VEXIL_TEAM_ID=bare'];
const ANSWER_TIMEOUT_MS = 60_000;

export interface BareStarts {
  /** What one start is, in words, for the report. */
  what: string;
  /** Each start: request → first bytes of the service, ms. */
  timesMs: number[];
}

async function dockerRun(docker: Docker, host: string, runId: string): Promise<number> {
  const port = `${ECHO_PORT}/tcp`;
  const began = performance.now();
  const container = await docker.createContainer({
    Image: ECHO_IMAGE,
    Env: ENV,
    Labels: { [BARE_LABEL]: runId },
    ExposedPorts: { [port]: {} },
    HostConfig: {
      Memory: MEMORY_BYTES,
      NanoCpus: NANO_CPUS,
      PortBindings: { [port]: [{ HostIp: '', HostPort: '' }] },
    },
  });
  try {
    await container.start();
    const { NetworkSettings } = await container.inspect();
    const published = Number(NetworkSettings.Ports?.[port]?.[0]?.HostPort);
    const answered = await waitForAnswer(host, published, began + ANSWER_TIMEOUT_MS);
    if (answered === null) throw new Error('a bare container never answered');
    return answered - began;
  } finally {
    await container.remove({ force: true });
  }
}

async function serviceGone(docker: Docker, serviceId: string): Promise<void> {
  const filters = { label: [`com.docker.swarm.service.id=${serviceId}`] };
  for (let waited = 0; waited < 30_000; waited += 100) {
    if ((await docker.listContainers({ all: true, filters })).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function swarmService(docker: Docker, host: string, runId: string): Promise<number> {
  const published = await freePort();
  const began = performance.now();
  const { id } = await docker.createService({
    Labels: { [BARE_LABEL]: runId },
    TaskTemplate: {
      // Killed at once when removed (the echo image's shell ignores SIGTERM, which would hold the
      // container 10 s), so the next start finds a quiet engine sooner; starts are the same.
      ContainerSpec: { Image: ECHO_IMAGE, Env: ENV, StopSignal: 'SIGKILL' },
      Resources: { Limits: { MemoryBytes: MEMORY_BYTES, NanoCPUs: NANO_CPUS } },
      RestartPolicy: { Condition: 'none' },
    },
    Mode: { Replicated: { Replicas: 1 } },
    EndpointSpec: {
      Ports: [
        { Protocol: 'tcp', TargetPort: ECHO_PORT, PublishedPort: published, PublishMode: 'host' },
      ],
    },
  });
  try {
    const answered = await waitForAnswer(host, published, began + ANSWER_TIMEOUT_MS);
    if (answered === null) throw new Error('a bare service never answered');
    return answered - began;
  } finally {
    await docker.getService(id).remove();
    await serviceGone(docker, id);
  }
}

export async function timeBareStarts(
  engine: BenchEngine,
  count: number,
  runId: string,
): Promise<BareStarts> {
  // Where Vexil's providers say a local engine's published ports answer.
  const host = machineAddress();
  const timesMs: number[] = [];
  for (let i = 0; i < count; i++) {
    timesMs.push(
      engine.provider === 'swarm'
        ? await swarmService(engine.docker, host, runId)
        : await dockerRun(engine.docker, host, runId),
    );
  }
  return {
    what:
      engine.provider === 'swarm'
        ? 'one service (host port chosen beforehand) → first bytes'
        : 'one container: create + start + inspect → first bytes',
    timesMs,
  };
}
