/**
 * The engines the containers bench starts teams' containers on, as the server tests see them
 * (server/test/support: EngineUnderTest, the echo image): the Docker engine at DOCKER_HOST, whose
 * units are containers, and the bench's private single-node swarm, whose units are services.
 * Opening one makes sure the echo image is there and registers the engine's undo.
 */
import Docker from 'dockerode';
import { dockerEndpoint } from '../../server/src/services/containers/dockerEndpoint.js';
import { dockerTestEngine } from '../../server/test/support/dockerTestEngine.js';
import type { EngineUnderTest } from '../../server/test/support/engineUnderTest.js';
import { swarmTestEngine } from '../../server/test/support/swarmTestEngine.js';
import { ensureTestImages } from '../../server/test/support/testImages.js';
import { BENCH_SWARM_HOST, startBenchSwarm } from './benchSwarm.js';
import { onExit } from './exitCleanup.js';
import type { BenchProvider } from './options.js';

export interface BenchEngine {
  provider: BenchProvider;
  /** `DOCKER_HOST` of the engine, as Vexil is given it. */
  host: string;
  /** The bare references' client: no timeout of its own (bareClient). */
  docker: Docker;
  /** Its units, counted and removed (EngineUnderTest of the server tests). */
  units: EngineUnderTest;
  /** For the report, e.g. "Docker 20.10.24+dfsg1 at unix:///tmp/vexil-docker.sock". */
  description: string;
  /** Gives the engine back (stops the swarm the bench started). */
  close(): Promise<void>;
}

/**
 * A Docker client with no bound of Vexil's: Vexil's endpoint bounds connecting to the engine
 * (5 s, its agent: server/src/services/containers/connectBound.ts), and a flood of T calls at
 * once waits longer than that to be taken by the engine. The references measure the engine, so
 * they connect with a plain agent and wait as long as it takes.
 */
function bareClient(host: string): Docker {
  const { options } = dockerEndpoint(host || undefined);
  return new Docker({ ...options, agent: undefined } as typeof options);
}

async function serverVersion(docker: Docker): Promise<string> {
  return (await docker.version()).Version;
}

async function openDocker(): Promise<BenchEngine> {
  const host = process.env.DOCKER_HOST ?? '';
  const docker = bareClient(host);
  await docker.ping().catch((error: Error) => {
    throw new Error(
      `No Docker engine answers at ${host || 'the default socket'}: ${error.message}`,
    );
  });
  await ensureTestImages(docker);
  return {
    provider: 'docker',
    host,
    docker,
    units: dockerTestEngine(host),
    description: `Docker ${await serverVersion(docker)} at ${host || 'the default socket'}`,
    close: async () => undefined,
  };
}

async function openSwarm(): Promise<BenchEngine> {
  const swarm = await startBenchSwarm();
  const forget = onExit('stop the bench swarm engine', () => swarm.stop());
  const docker = bareClient(BENCH_SWARM_HOST);
  await ensureTestImages(docker);
  const origin = swarm.startedHere ? 'started by the bench' : 'already running, left so';
  return {
    provider: 'swarm',
    host: BENCH_SWARM_HOST,
    docker,
    units: swarmTestEngine(BENCH_SWARM_HOST),
    description: `Docker ${await serverVersion(docker)}, single-node swarm at ${BENCH_SWARM_HOST} (${origin})`,
    close: async () => {
      forget();
      await swarm.stop();
    },
  };
}

export const openEngine = (provider: BenchProvider): Promise<BenchEngine> =>
  provider === 'swarm' ? openSwarm() : openDocker();
