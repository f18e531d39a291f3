/**
 * A private single-node swarm for the Swarm provider's suites: a second Docker daemon beside the
 * one the Docker suites use, with its own socket, data, exec root and pid file, no iptables rules
 * (the machine's are left alone) and its own bridge (`--bridge`, made here with `ip`, since the
 * default `docker0` belongs to the other daemon), made a swarm manager on 127.0.0.1. Host-mode
 * published ports of its services then answer on 127.0.0.1, and its containers' bridge addresses
 * are reachable from this machine. Needs root and `dockerd`.
 *
 * The manager listens on a free port, not swarm's 2377, and its overlay traffic uses a free UDP
 * port, not 4789: another engine on the machine (a developer's own swarm) may hold those.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import Docker from 'dockerode';

const run = promisify(execFile);

export const SWARM_SOCKET = '/tmp/vexil-swarm.sock';
export const SWARM_HOST = `unix://${SWARM_SOCKET}`;
const BRIDGE = 'vexilswarm0';
const BRIDGE_ADDRESS = '172.31.250.1/24';
const LOG = '/tmp/vexil-swarm.log';
const DATA_ROOT = '/tmp/vexil-swarm';
const DAEMON_ARGS = [
  '--iptables=false',
  `--bridge=${BRIDGE}`,
  `--host=${SWARM_HOST}`,
  `--data-root=${DATA_ROOT}`,
  '--exec-root=/tmp/vexil-swarm-exec',
  '--pidfile=/tmp/vexil-swarm.pid',
];

/** What this run started, to stop exactly that and nothing more. */
export interface StartedSwarm {
  daemon: ChildProcess | null;
  madeBridge: boolean;
}

export const swarmEngine = () => new Docker({ socketPath: SWARM_SOCKET });

async function answers(docker: Docker): Promise<boolean> {
  return docker.ping().then(
    () => true,
    () => false,
  );
}

async function bridgeExists(): Promise<boolean> {
  return run('ip', ['link', 'show', BRIDGE]).then(
    () => true,
    () => false,
  );
}

async function makeBridge(): Promise<void> {
  await run('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
  await run('ip', ['addr', 'add', BRIDGE_ADDRESS, 'dev', BRIDGE]);
  await run('ip', ['link', 'set', BRIDGE, 'up']);
}

const logTail = () => {
  try {
    return readFileSync(LOG, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '';
  }
};

/** Starts the daemon (or finds one already answering) and waits for it, up to 30 s. */
async function startDaemon(docker: Docker): Promise<ChildProcess | null> {
  if (await answers(docker)) return null;
  // A swarm left by an earlier run would listen on that run's port again, which may be taken now:
  // a new daemon starts without one (its images stay) and ensureManager makes a new swarm.
  rmSync(`${DATA_ROOT}/swarm`, { recursive: true, force: true });
  // This start's log only, so a failure quotes its own last lines.
  const log = openSync(LOG, 'w');
  const daemon = spawn('dockerd', DAEMON_ARGS, { stdio: ['ignore', log, log], detached: true });
  // The test run never waits for it: the teardown stops it, or a later run reuses it.
  daemon.unref();
  let exit: string | null = null;
  daemon.on('error', (error) => (exit = `cannot run dockerd (${error.message})`));
  daemon.on('exit', (code, signal) => (exit = `dockerd exited (${code ?? signal}): ${logTail()}`));
  for (let waited = 0; waited < 30_000; waited += 250) {
    if (await answers(docker)) return daemon;
    // Another run may have started the same daemon first: its answer is as good.
    if (exit) {
      if (await answers(docker)) return null;
      throw new Error(exit);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  daemon.kill('SIGTERM');
  throw new Error(`dockerd did not answer on ${SWARM_HOST} within 30 s: ${logTail()}`);
}

/** A TCP port of 127.0.0.1 nothing listens on now. */
function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A UDP port nothing is bound to now, within the range swarm accepts for its data path. */
async function freeDataPathPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 29_000);
    const socket = createSocket('udp4');
    const bound = await new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(false));
      socket.bind(port, () => resolve(true));
    });
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    if (bound) return port;
  }
}

async function ensureManager(docker: Docker): Promise<void> {
  const info = (await docker.info()) as { Swarm?: { LocalNodeState?: string } };
  const state = info.Swarm?.LocalNodeState;
  if (state === 'active') return;
  // A swarm that cannot come up (its address taken, say) is left for a new one.
  if (state !== 'inactive') await docker.swarmLeave({ force: true });
  await docker.swarmInit({
    ListenAddr: `127.0.0.1:${await freeTcpPort()}`,
    AdvertiseAddr: '127.0.0.1',
    DataPathPort: await freeDataPathPort(),
  });
}

/** Starts what is missing of the swarm engine; answers what it started. */
export async function startSwarm(): Promise<StartedSwarm> {
  const docker = swarmEngine();
  const started: StartedSwarm = { daemon: null, madeBridge: false };
  if (await answers(docker)) {
    await ensureManager(docker);
    return started;
  }
  if (process.getuid?.() !== 0) throw new Error('starting a swarm engine needs root');
  if (!(await bridgeExists())) {
    await makeBridge();
    started.madeBridge = true;
  }
  try {
    started.daemon = await startDaemon(docker);
    await ensureManager(docker);
  } catch (error) {
    await stopSwarm(started);
    throw error;
  }
  return started;
}

/** Stops the daemon and removes the bridge if this run made them; leaves any other alone. */
export async function stopSwarm(started: StartedSwarm): Promise<void> {
  const { daemon } = started;
  if (daemon && daemon.exitCode === null && daemon.signalCode === null) {
    const exited = new Promise((resolve) => daemon.once('exit', resolve));
    daemon.kill('SIGTERM');
    // Within vitest's teardown time; a daemon slower to exit finishes on its own.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
  }
  if (started.madeBridge) await run('ip', ['link', 'delete', BRIDGE]).catch(() => undefined);
}
