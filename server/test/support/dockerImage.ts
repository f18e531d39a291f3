/**
 * Global set-up of the server tests: when a Docker engine answers (DOCKER_HOST, else the default
 * local socket), makes sure the test images of testImages.ts exist on it. Tells the suites the echo
 * image through `inject('dockerTestImage')`, or null.
 */
import Docker from 'dockerode';
import type { TestProject } from 'vitest/node';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';
import { ECHO_IMAGE, ensureTestImages } from './testImages.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The echo challenge image, or null when no Docker engine answers. */
    dockerTestImage: string | null;
    /** Why there is no image (for the skip message). */
    dockerProblem: string | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const docker = new Docker(dockerEndpoint(process.env.DOCKER_HOST || undefined).options);
  try {
    await docker.ping();
  } catch (error) {
    project.provide('dockerTestImage', null);
    project.provide('dockerProblem', `no Docker engine answers (${(error as Error).message})`);
    return;
  }
  try {
    await ensureTestImages(docker);
  } catch (error) {
    project.provide('dockerTestImage', null);
    project.provide(
      'dockerProblem',
      `the test image could not be built: ${(error as Error).message}`,
    );
    return;
  }
  project.provide('dockerTestImage', ECHO_IMAGE);
  project.provide('dockerProblem', null);
}
