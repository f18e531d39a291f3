/**
 * The challenge images of the container suites, the e2e journeys and the containers bench, built
 * without a registry: a root file system of nothing but the static busybox binary and its applet
 * links, imported once with `CMD ["/bin/sh"]` and once as the echo challenge, whose command answers
 * every TCP connection on ECHO_PORT with `$FLAG` and `$VEXIL_TEAM_ID`. No test runner here, so a
 * benchmark can build them on its own engines too (dockerImage.ts is the tests' global set-up).
 */
import { readFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import tar from 'tar-stream';

export const BASE_IMAGE = 'vexil-test/busybox:1';
export const ECHO_IMAGE = 'vexil-test/busybox-echo:1';
/** The exposed port of the echo image's service. */
export const ECHO_PORT = 8080;
// One `nc -l` per connection: between two connections nothing listens for a moment, so a caller
// reading it retries on a refused or empty connection.
const ECHO_SCRIPT = `while true; do printf "%s\\n%s\\n" "$FLAG" "$VEXIL_TEAM_ID" | nc -l -p ${ECHO_PORT}; done`;
const commands: Record<string, string[]> = {
  [BASE_IMAGE]: ['/bin/sh'],
  [ECHO_IMAGE]: ['/bin/sh', '-c', ECHO_SCRIPT],
};

/** Debian's busybox-static; `BUSYBOX` overrides. */
const BUSYBOX = process.env.BUSYBOX ?? '/bin/busybox';
const APPLETS = ['sh', 'nc', 'echo', 'cat', 'sleep', 'env', 'ls', 'true'];

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

/** Makes sure both test images exist on the engine (imported once; kept afterwards). */
export async function ensureTestImages(docker: Docker): Promise<void> {
  for (const image of Object.keys(commands)) await ensureImage(docker, image);
}
