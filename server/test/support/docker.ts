// Suites that run challenge containers on a real engine, once per provider: the Docker provider on
// the tests' Docker engine (DOCKER_HOST) and the Swarm provider on the private single-node swarm of
// the global set-up (swarmEngine.ts); the test image; and a TCP reader for the echo service.
import { connect } from 'node:net';
import { describe, inject, it } from 'vitest';
import type { Config, ContainerProviderName } from '#server/config.js';
import { LABELS } from '#server/domain/containers.js';
import { testConfig } from './app.js';
import { describeEachDatabase, type TestDatabase } from './databases.js';
import { ECHO_IMAGE } from './testImages.js';
import { dockerTestEngine } from './dockerTestEngine.js';
import type { EngineUnderTest, EngineUnit } from './engineUnderTest.js';
import { skippedBecause } from './skipReason.js';
import { swarmTestEngine } from './swarmTestEngine.js';

export { ECHO_PORT } from './testImages.js';

/** A provider's engine in a suite, with the platform's configuration for it. */
export interface ContainerEngine extends EngineUnderTest {
  /** Test configuration of an app using this provider on this engine. */
  config(env?: Record<string, string>): Config;
  /** Units carrying all these labels. */
  unitsLabelled(labels: Record<string, string>): Promise<EngineUnit[]>;
  /** Units carrying the platform GUID label `vexil.instance` of one of `ids`. */
  unitsOf(ids: string[]): Promise<EngineUnit[]>;
  /** Removes every unit of the deployment (afterAll safety net). */
  removeOwned(owner: string | undefined): Promise<void>;
}

function containerEngine(engine: EngineUnderTest): ContainerEngine {
  const unitsLabelled = (labels: Record<string, string>) =>
    engine.units(Object.entries(labels).map(([key, value]) => `${key}=${value}`));
  return {
    ...engine,
    unitsLabelled,
    config: (env = {}) =>
      testConfig({ DOCKER_HOST: engine.host, VEXIL_CONTAINER_PROVIDER: engine.provider, ...env }),
    async unitsOf(ids) {
      if (ids.length === 0) return [];
      const all = await engine.units([LABELS.instance]);
      return all.filter((unit) => ids.includes(unit.labels[LABELS.instance]));
    },
    async removeOwned(owner) {
      if (!owner) return;
      for (const unit of await unitsLabelled({ [LABELS.owner]: owner })) {
        await engine.remove(unit.id).catch(() => undefined);
      }
    },
  };
}

/** The Docker engine of the Docker suites (DOCKER_HOST). */
export const dockerEngine = () => containerEngine(dockerTestEngine(process.env.DOCKER_HOST ?? ''));

interface ProviderUnderTest {
  provider: ContainerProviderName;
  /** The engine and image, or why there is none. */
  ready: () => { engine: ContainerEngine; image: string } | { problem: string };
  hint: string;
}

const PROVIDERS: ProviderUnderTest[] = [
  {
    provider: 'docker',
    ready: () => {
      const image = inject('dockerTestImage');
      if (image) return { engine: dockerEngine(), image };
      return { problem: inject('dockerProblem') ?? 'no Docker engine' };
    },
    hint: 'set DOCKER_HOST (e.g. unix:///tmp/vexil-docker.sock)',
  },
  {
    provider: 'swarm',
    ready: () => {
      const host = inject('swarmHost');
      if (host) return { engine: containerEngine(swarmTestEngine(host)), image: ECHO_IMAGE };
      return { problem: inject('swarmProblem') ?? 'no swarm engine' };
    },
    hint: 'run as root with dockerd installed (server/test/support/swarmDaemon.ts)',
  },
];

/** The provider's engine when the global set-up found one, else null. */
export function availableEngine(provider: ContainerProviderName): ContainerEngine | null {
  const found = PROVIDERS.find((p) => p.provider === provider)?.ready();
  return found && 'engine' in found ? found.engine : null;
}

/**
 * Declares a suite on every database for each container provider whose engine answers. Without
 * one the provider's suite is skipped (the run's summary says why), or fails when CI is set.
 */
export function describeWithDocker(
  name: string,
  fn: (getDb: () => TestDatabase, image: string, engine: ContainerEngine) => void,
): void {
  eachProvider(name, {
    declare: (named, image, engine) =>
      describeEachDatabase(named, (getDb) => fn(getDb, image, engine)),
    skipped: () => fn(() => ({}) as TestDatabase, '', {} as ContainerEngine),
  });
}

/**
 * Declares a suite once for each container provider whose engine answers, on no database of its
 * own (a suite that brings its own, e.g. support/twoInstances.ts). Skipped or failing without an
 * engine as `describeWithDocker`.
 */
export function describeEachEngine(
  name: string,
  fn: (image: string, engine: ContainerEngine) => void,
): void {
  eachProvider(name, {
    declare: (named, image, engine) => describe(named, () => fn(image, engine)),
    skipped: () => fn('', {} as ContainerEngine),
  });
}

function eachProvider(
  name: string,
  suite: {
    declare: (named: string, image: string, engine: ContainerEngine) => void;
    /** Declares the suite's tests for a skipped suite (so the run counts them). */
    skipped: () => void;
  },
): void {
  for (const { provider, ready, hint } of PROVIDERS) {
    const named = `${name} [${provider}]`;
    const found = ready();
    if ('engine' in found) {
      suite.declare(named, found.image, found.engine);
    } else if (process.env.CI) {
      describe(named, () => {
        it(`has a ${provider} engine`, () => {
          throw new Error(`Container suites need a ${provider} engine in CI: ${found.problem}`);
        });
      });
    } else {
      const reason = `Container suites [${provider}]: ${found.problem}; ${hint}`;
      describe.skip(named, skippedBecause(reason), suite.skipped);
    }
  }
}

function readOnce(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect({ host, port });
    socket.setTimeout(2_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
      if (data.split('\n').length > 2) socket.destroy();
    });
    socket.on('close', () => (data ? resolve(data) : reject(new Error('closed without data'))));
    socket.on('error', reject);
  });
}

/** Reads the echo service's lines at host:port, retrying while it starts (up to ~15 s). */
export async function readService(host: string, port: number): Promise<string[]> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      return (await readOnce(host, port)).split('\n').slice(0, 2);
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`Nothing answered on ${host}:${port}: ${String(lastError)}`);
}
