/**
 * Global set-up of the server tests: when a Docker engine answers (DOCKER_HOST, else the default
 * local socket), makes sure the test images exist — a root file system of nothing but the static
 * busybox binary and its applet links, imported once with `CMD ["/bin/sh"]` and once as the echo
 * challenge, whose command answers every TCP connection on port 8080 with `$FLAG` and
 * `$VEXIL_TEAM_ID`. Tells the suites the echo image through `inject('dockerTestImage')`, or null.
 */
import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import Docker from 'dockerode';
import tar from 'tar-stream';
import type { TestProject } from 'vitest/node';
import { dockerEndpoint } from '#server/services/containers/dockerEndpoint.js';

export const BASE_IMAGE = 'vexil-test/busybox:1';
export const ECHO_IMAGE = 'vexil-test/busybox-echo:1';
const ECHO_SCRIPT =
  'while true; do printf "%s\\n%s\\n" "$FLAG" "$VEXIL_TEAM_ID" | nc -l -p 8080; done';
const commands: Record<string, string[]> = {
  [BASE_IMAGE]: ['/bin/sh'],
  [ECHO_IMAGE]: ['/bin/sh', '-c', ECHO_SCRIPT],
};

/** Debian's busybox-static; `BUSYBOX` overrides. */
const BUSYBOX = process.env.BUSYBOX ?? '/bin/busybox';
const APPLETS = ['sh', 'nc', 'echo', 'cat', 'sleep', 'env', 'ls', 'true'];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The echo challenge image, or null when no Docker engine answers. */
    dockerTestImage: string | null;
    /** Why there is no image (for the skip message). */
    dockerProblem: string | null;
  }
}

async function rootFileSystem(): Promise<PassThrough> {
  const binary = await readFile(BUSYBOX);
  const pack = tar.pack();
  pack.entry({ name: 'bin/', type: 'directory', mode: 0o755 });
  pack.entry({ name: 'tmp/', type: 'directory', mode: 0o1777 });
  pack.entry({ name: 'bin/busybox', mode: 0o755 }, binary);
  for (const applet of APPLETS) {
    pack.entry({ name: `bin/${applet}`, type: 'symlink', linkname: 'busybox' });
  }
  pack.finalize();
  return pack.pipe(new PassThrough());
}

async function ensureImage(docker: Docker, image: string): Promise<void> {
  try {
    await docker.getImage(image).inspect();
    return;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode !== 404) throw error;
  }
  const [repo, tag] = image.split(':');
  const progress = await docker.importImage(await rootFileSystem(), {
    repo,
    tag,
    changes: `CMD ${JSON.stringify(commands[image])}`,
  });
  await new Promise<void>((resolve, reject) =>
    docker.modem.followProgress(progress, (error: Error | null) =>
      error ? reject(error) : resolve(),
    ),
  );
  await docker.getImage(image).inspect();
}

/** Makes sure both test images exist on the engine (the swarm engine's set-up uses it too). */
export async function ensureTestImages(docker: Docker): Promise<void> {
  for (const image of Object.keys(commands)) await ensureImage(docker, image);
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
