/**
 * A private single-node swarm: a Docker daemon of its own beside the one the Docker suites use,
 * with its own socket, data, exec root and pid file, no iptables rules (the machine's are left
 * alone) and its own bridge (`--bridge`, made here with `ip`, since the default `docker0` belongs
 * to the other daemon), made a swarm manager on 127.0.0.1. Host-mode published ports of its
 * services then answer on 127.0.0.1, and its containers' bridge addresses are reachable from this
 * machine. Needs root and `dockerd`.
 *
 * Where it lives is a SwarmPlace: the server tests' swarm (TEST_SWARM) and the containers bench's
 * (bench/containers/benchSwarm.ts) are two places, so a bench can run while a test run holds its
 * swarm. A place that names a gateway bridge gets swarm's `docker_gwbridge` network made on a
 * bridge of that name before the swarm starts, so two such daemons never share that interface.
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

/** Where one private swarm daemon keeps its socket, bridge, files and log. */
export interface SwarmPlace {
  socket: string;
  /** The daemon's default bridge, made here with `ip` when missing. */
  bridge: string;
  bridgeAddress: string;
  dataRoot: string;
  execRoot: string;
  pidFile: string;
  log: string;
  /** Name of the Linux bridge of swarm's `docker_gwbridge`; unset: Docker's own name. */
  gatewayBridge?: string;
}

/** The server tests' swarm (swarmEngine.ts, README "Running the tests"). */
export const TEST_SWARM: SwarmPlace = {
  socket: '/tmp/vexil-swarm.sock',
  bridge: 'vexilswarm0',
  bridgeAddress: '172.31.250.1/24',
  dataRoot: '/tmp/vexil-swarm',
  execRoot: '/tmp/vexil-swarm-exec',
  pidFile: '/tmp/vexil-swarm.pid',
  log: '/tmp/vexil-swarm.log',
};

export const SWARM_SOCKET = TEST_SWARM.socket;
export const SWARM_HOST = `unix://${SWARM_SOCKET}`;

/** `DOCKER_HOST` of the daemon of a place. */
export const swarmHost = (place: SwarmPlace) => `unix://${place.socket}`;

const daemonArgs = (place: SwarmPlace) => [
  '--iptables=false',
  `--bridge=${place.bridge}`,
  `--host=${swarmHost(place)}`,
  `--data-root=${place.dataRoot}`,
  `--exec-root=${place.execRoot}`,
  `--pidfile=${place.pidFile}`,
];

/** What this run started, to stop exactly that and nothing more. */
export interface StartedSwarm {
  place: SwarmPlace;
  daemon: ChildProcess | null;
  madeBridge: boolean;
}

export const swarmEngine = (place: SwarmPlace = TEST_SWARM) =>
  new Docker({ socketPath: place.socket });

async function answers(docker: Docker): Promise<boolean> {
  return docker.ping().then(
    () => true,
    () => false,
  );
}

async function linkExists(name: string): Promise<boolean> {
  return run('ip', ['link', 'show', name]).then(
    () => true,
    () => false,
  );
}

async function makeBridge(place: SwarmPlace): Promise<void> {
  await run('ip', ['link', 'add', place.bridge, 'type', 'bridge']);
  await run('ip', ['addr', 'add', place.bridgeAddress, 'dev', place.bridge]);
  await run('ip', ['link', 'set', place.bridge, 'up']);
}

const logTail = (place: SwarmPlace) => {
  try {
    return readFileSync(place.log, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '';
  }
};

/** Starts the daemon (or finds one already answering) and waits for it, up to 30 s. */
async function startDaemon(docker: Docker, place: SwarmPlace): Promise<ChildProcess | null> {
  if (await answers(docker)) return null;
  // A swarm left by an earlier run would listen on that run's port again, which may be taken now:
  // a new daemon starts without one (its images stay) and ensureManager makes a new swarm.
  rmSync(`${place.dataRoot}/swarm`, { recursive: true, force: true });
  // This start's log only, so a failure quotes its own last lines.
  const log = openSync(place.log, 'w');
  const daemon = spawn('dockerd', daemonArgs(place), {
    stdio: ['ignore', log, log],
    detached: true,
  });
  // The test run never waits for it: the teardown stops it, or a later run reuses it.
  daemon.unref();
  let exit: string | null = null;
  daemon.on('error', (error) => (exit = `cannot run dockerd (${error.message})`));
  daemon.on(
    'exit',
    (code, signal) => (exit = `dockerd exited (${code ?? signal}): ${logTail(place)}`),
  );
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
  throw new Error(`dockerd did not answer on ${swarmHost(place)} within 30 s: ${logTail(place)}`);
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

/**
 * Swarm makes `docker_gwbridge` at its start, on a Linux bridge of that very name, which a second
 * private daemon would then share with the first; made beforehand it takes the place's own name.
 */
async function ensureGatewayBridge(docker: Docker, place: SwarmPlace): Promise<void> {
  if (!place.gatewayBridge) return;
  const existing = await docker.listNetworks({ filters: { name: ['docker_gwbridge'] } });
  if (existing.some((network) => network.Name === 'docker_gwbridge')) return;
  await docker.createNetwork({
    Name: 'docker_gwbridge',
    Driver: 'bridge',
    Options: {
      'com.docker.network.bridge.name': place.gatewayBridge,
      'com.docker.network.bridge.enable_icc': 'false',
      'com.docker.network.bridge.enable_ip_masquerade': 'true',
    },
  });
}

async function ensureManager(docker: Docker, place: SwarmPlace): Promise<void> {
  const info = (await docker.info()) as { Swarm?: { LocalNodeState?: string } };
  const state = info.Swarm?.LocalNodeState;
  if (state === 'active') return;
  // A swarm that cannot come up (its address taken, say) is left for a new one.
  if (state !== 'inactive') await docker.swarmLeave({ force: true });
  await ensureGatewayBridge(docker, place);
  await docker.swarmInit({
    ListenAddr: `127.0.0.1:${await freeTcpPort()}`,
    AdvertiseAddr: '127.0.0.1',
    DataPathPort: await freeDataPathPort(),
  });
}

/** Starts what is missing of the swarm engine of `place`; answers what it started. */
export async function startSwarm(place: SwarmPlace = TEST_SWARM): Promise<StartedSwarm> {
  const docker = swarmEngine(place);
  const started: StartedSwarm = { place, daemon: null, madeBridge: false };
  if (await answers(docker)) {
    await ensureManager(docker, place);
    return started;
  }
  if (process.getuid?.() !== 0) throw new Error('starting a swarm engine needs root');
  if (!(await linkExists(place.bridge))) {
    await makeBridge(place);
    started.madeBridge = true;
  }
  try {
    started.daemon = await startDaemon(docker, place);
    await ensureManager(docker, place);
  } catch (error) {
    await stopSwarm(started);
    throw error;
  }
  return started;
}

/**
 * Stops the daemon and removes the bridge if this run made them; leaves any other alone. Answers
 * whether the daemon this run started has exited (true when it started none).
 */
export async function stopSwarm(started: StartedSwarm): Promise<boolean> {
  const { daemon, place } = started;
  let exited = true;
  if (daemon && daemon.exitCode === null && daemon.signalCode === null) {
    const exit = new Promise<boolean>((resolve) => daemon.once('exit', () => resolve(true)));
    daemon.kill('SIGTERM');
    // Within vitest's teardown time; a daemon slower to exit finishes on its own.
    exited = await Promise.race([
      exit,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 8_000)),
    ]);
  }
  if (started.madeBridge) await run('ip', ['link', 'delete', place.bridge]).catch(() => undefined);
  // The daemon leaves its gateway bridge behind; a later start makes it again.
  if (daemon && exited && place.gatewayBridge && (await linkExists(place.gatewayBridge))) {
    await run('ip', ['link', 'delete', place.gatewayBridge]).catch(() => undefined);
  }
  return exited;
}
