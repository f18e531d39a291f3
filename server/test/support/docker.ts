// Suites that run challenge containers on a real Docker engine: the test image from the global
// set-up, the engine as the tests see it, and a TCP reader for the echo service.
import { connect } from 'node:net';
import Docker from 'dockerode';
import { describe, inject, it } from 'vitest';
import type { Config } from '#server/config.js';
import { LABELS } from '#server/domain/containers.js';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';
import { testConfig } from './app.js';
import { describeEachDatabase, type TestDatabase } from './databases.js';
import { skippedBecause } from './skipReason.js';

/** The exposed port of the echo image's service (it answers `$FLAG`, then `$VEXIL_TEAM_ID`). */
export const ECHO_PORT = 8080;

/**
 * Declares a suite on every database when a Docker engine answers. Without one it is skipped (the
 * run's summary says why), or fails when CI is set.
 */
export function describeWithDocker(
  name: string,
  fn: (getDb: () => TestDatabase, image: string) => void,
): void {
  const image = inject('dockerTestImage');
  if (image) {
    describeEachDatabase(name, (getDb) => fn(getDb, image));
    return;
  }
  const problem = inject('dockerProblem') ?? 'no Docker engine';
  if (process.env.CI) {
    describe(`${name} [docker]`, () => {
      it('has a Docker engine', () => {
        throw new Error(`Docker suites need an engine in CI (DOCKER_HOST): ${problem}`);
      });
    });
    return;
  }
  const reason = `Docker suites: ${problem}; set DOCKER_HOST (e.g. unix:///tmp/vexil-docker.sock)`;
  describe.skip(`${name} [docker]`, skippedBecause(reason), () =>
    fn(() => ({}) as TestDatabase, ''),
  );
}

/** Test configuration pointing at the tests' engine. */
export function dockerTestConfig(env: Record<string, string> = {}): Config {
  return testConfig({ DOCKER_HOST: process.env.DOCKER_HOST ?? '', ...env });
}

/** The engine as the tests see it (to check what the platform left there). */
export function testEngine(): Docker {
  return new Docker(dockerEndpoint(process.env.DOCKER_HOST || undefined).options);
}

/** Engine containers carrying the platform GUID label `vexil.instance`. */
export async function engineContainersOf(ids: string[]): Promise<Docker.ContainerInfo[]> {
  if (ids.length === 0) return [];
  const all = await testEngine().listContainers({
    all: true,
    filters: { label: [LABELS.instance] },
  });
  return all.filter((c) => ids.includes(c.Labels[LABELS.instance]));
}

/** Engine containers of this deployment (its owner label). */
export async function engineContainersOwnedBy(owner: string): Promise<Docker.ContainerInfo[]> {
  return testEngine().listContainers({
    all: true,
    filters: { label: [`${LABELS.owner}=${owner}`] },
  });
}

/** Removes every engine container of the deployment (afterAll safety net). */
export async function removeOwnedContainers(owner: string | undefined): Promise<void> {
  if (!owner) return;
  const engine = testEngine();
  for (const c of await engineContainersOwnedBy(owner)) {
    await engine
      .getContainer(c.Id)
      .remove({ force: true })
      .catch(() => undefined);
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
