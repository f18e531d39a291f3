// The challenge image of the server's container suites, when a Docker engine answers (DOCKER_HOST,
// else the default local socket): journeys then run real team containers, else they skip them.
import type { TestProject } from 'vitest/node';
import buildTestImages from '../../server/test/support/dockerImage.js';

export { ECHO_PORT } from '../../server/test/support/docker.js';

/** The echo image (built on first use), or null with the reason logged. */
export async function echoImageIfDocker(): Promise<string | null> {
  const provided: { dockerTestImage?: string | null; dockerProblem?: string | null } = {};
  const project = {
    provide: (key: keyof typeof provided, value: string | null) => (provided[key] = value),
  };
  await buildTestImages(project as unknown as TestProject);
  if (!provided.dockerTestImage) {
    console.warn(`Container journeys use no engine: ${provided.dockerProblem}`);
  }
  return provided.dockerTestImage ?? null;
}
