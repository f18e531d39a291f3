/**
 * Global set-up of the server tests for the Swarm provider: starts (or reuses) the private
 * single-node swarm of swarmDaemon.ts, imports the same test images the Docker suites use, and
 * tells the suites the engine through `inject('swarmHost')`, or why there is none through
 * `inject('swarmProblem')`. The teardown stops only what the set-up started.
 */
import type { TestProject } from 'vitest/node';
import { ensureTestImages } from './testImages.js';
import {
  startSwarm,
  stopSwarm,
  SWARM_HOST,
  swarmEngine,
  type StartedSwarm,
} from './swarmDaemon.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `DOCKER_HOST` of a swarm manager holding the test images, or null. */
    swarmHost: string | null;
    /** Why there is no swarm engine (for the skip message). */
    swarmProblem: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: StartedSwarm | null = null;
  try {
    started = await startSwarm();
    await ensureTestImages(swarmEngine());
    project.provide('swarmHost', SWARM_HOST);
    project.provide('swarmProblem', null);
  } catch (error) {
    project.provide('swarmHost', null);
    project.provide('swarmProblem', `no swarm engine (${(error as Error).message})`);
  }
  return async () => {
    if (started) await stopSwarm(started);
  };
}
