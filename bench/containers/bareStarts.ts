/**
 * The bare references: the least a client can do to get the same container answering, straight on
 * the engine from the bench process, with no timeout of its own. Docker: create (the image,
 * limits, environment and random published port Vexil's Docker provider asks for), start, inspect
 * for the port, then connect until the service answers. Swarm: create a one-replica service as
 * Vexil's Swarm provider does, but with a host port chosen beforehand, so no task needs to be
 * read: connect until it answers.
 *
 * Two of them: single starts one at a time on a quiet engine (the issue's denominator), and the
 * flood, T such starts at once, which is what the engine itself can do with the teams' burst: the
 * best a server could reach, whatever it queues. Every unit is removed after it answered (not
 * timed), and the next measurement waits for it to be gone.
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
const ANSWER_TIMEOUT_MS = 120_000;

export interface BareStarts {
  /** What one start is, in words, for the report. */
  what: string;
  /** Each single start, one at a time: request → first bytes of the service, ms. */
  timesMs: number[];
  /** The flood: T starts at once (absent with --no-flood). */
  flood?: BareFlood;
}

export interface BareFlood {
  /** Each start that answered, ms from its request. */
  timesMs: number[];
  /** Starts that failed, by message. */
  failures: string[];
  /** From the first request until the last start answered or failed, s. */
  seconds: number;
}

interface StartedUnit {
  ms: number;
  remove(): Promise<void>;
}

async function dockerRun(docker: Docker, host: string, runId: string): Promise<StartedUnit> {
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
  const remove = () => container.remove({ force: true }).then(() => undefined);
  try {
    await container.start();
    const { NetworkSettings } = await container.inspect();
    const published = Number(NetworkSettings.Ports?.[port]?.[0]?.HostPort);
    const answered = await waitForAnswer(host, published, began + ANSWER_TIMEOUT_MS);
    if (answered === null) throw new Error('a bare container never answered');
    return { ms: answered - began, remove };
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
}

async function serviceGone(docker: Docker, serviceId: string): Promise<void> {
  const filters = { label: [`com.docker.swarm.service.id=${serviceId}`] };
  for (let waited = 0; waited < 30_000; waited += 100) {
    if ((await docker.listContainers({ all: true, filters })).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function swarmService(docker: Docker, host: string, runId: string): Promise<StartedUnit> {
  const published = await freePort();
  const began = performance.now();
  const { id } = await docker.createService({
    Labels: { [BARE_LABEL]: runId },
    TaskTemplate: {
      // Killed at once when removed (the echo image's shell ignores SIGTERM, which would hold the
      // container 10 s), so the next measurement finds a quiet engine sooner; starts are the same.
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
  const remove = async () => {
    await docker.getService(id).remove();
    await serviceGone(docker, id);
  };
  const answered = await waitForAnswer(host, published, began + ANSWER_TIMEOUT_MS);
  if (answered === null) {
    await remove().catch(() => undefined);
    throw new Error('a bare service never answered');
  }
  return { ms: answered - began, remove };
}

function starter(engine: BenchEngine, runId: string): () => Promise<StartedUnit> {
  // Where Vexil's providers say a local engine's published ports answer.
  const host = machineAddress();
  return engine.provider === 'swarm'
    ? () => swarmService(engine.docker, host, runId)
    : () => dockerRun(engine.docker, host, runId);
}

async function singles(start: () => Promise<StartedUnit>, count: number): Promise<number[]> {
  const timesMs: number[] = [];
  for (let i = 0; i < count; i++) {
    const unit = await start();
    timesMs.push(unit.ms);
    await unit.remove();
  }
  return timesMs;
}

async function flood(start: () => Promise<StartedUnit>, count: number): Promise<BareFlood> {
  const began = performance.now();
  const settled = await Promise.allSettled(Array.from({ length: count }, () => start()));
  const seconds = (performance.now() - began) / 1000;
  const units = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  await Promise.all(units.map((unit) => unit.remove().catch(() => undefined)));
  return {
    timesMs: units.map((unit) => unit.ms),
    failures: settled.flatMap((s) =>
      s.status === 'rejected' ? [(s.reason as Error).message ?? String(s.reason)] : [],
    ),
    seconds,
  };
}

/** `count` single starts, then (unless `floodSize` is 0) `floodSize` starts at once. */
export async function timeBareStarts(
  engine: BenchEngine,
  count: number,
  floodSize: number,
  runId: string,
): Promise<BareStarts> {
  const start = starter(engine, runId);
  return {
    what:
      engine.provider === 'swarm'
        ? 'a service (host port chosen beforehand) → first bytes'
        : 'a container: create + start + inspect → first bytes',
    timesMs: await singles(start, count),
    flood: floodSize > 0 ? await flood(start, floodSize) : undefined,
  };
}
