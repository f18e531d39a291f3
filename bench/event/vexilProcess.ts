/**
 * Vexil as the bench runs it: the server of this checkout built as in production (bundled by
 * scripts/build-server.mjs once per bench run into build/bench-server, beside the real build) in its own
 * process, on loopback, rate limits off, quiet logs, no web client, with the probe preloaded so
 * each phase can read the server's event-loop delay and memory. `BENCH_SERVER=source` runs
 * `server/src/main.ts` through tsx instead (its compiler and source maps cost both threads about
 * … MB).
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { ROOT, spawnChild, type Child } from './child.js';

const fromSource = process.env.BENCH_SERVER === 'source';
const BUNDLE_DIR = 'build/bench-server';
let built = false;

/** Bundles the server once, so the run measures this checkout's code. */
function buildServer(): void {
  if (built || fromSource) return;
  execFileSync(process.execPath, ['scripts/build-server.mjs', BUNDLE_DIR], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  built = true;
}

/** What the probe preloaded into Vexil (probe.mjs) answers about the current phase. */
export interface ProbeSample {
  eventLoopP50Ms: number;
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** Timer ticks recorded in the phase. */
  eventLoopSamples: number;
  rssMb: number;
  peakRssMb: number;
  /** CPU time of the whole process (all its threads) in the phase. */
  cpuMs: number;
}

export interface VexilServer {
  url: string;
  port: number;
  /** Starts a measured phase: clears the event-loop histogram and the memory peak. */
  reset(): Promise<void>;
  /** The figures of the phase so far. */
  sample(): Promise<ProbeSample>;
  stop(): Promise<void>;
}

/** A port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** Waits until Vexil is ready: its database reachable and migrated (`/readyz`). */
async function waitReady(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error('Vexil exited during start');
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Vexil was not ready (${url}/readyz) within ${timeoutMs} ms`);
}

/** Starts Vexil on `storage`, with `start`'s environment and CPUs. */
export interface VexilStart {
  /** Environment over the bench's defaults (a cluster's REDIS_URL, VEXIL_SECRET, metrics…). */
  env?: Record<string, string>;
  /** CPUs it runs on (`taskset -c`), all of them when left out. */
  cpus?: string;
}

export async function startVexil(
  storage: { dataDir: string; databaseUrl?: string },
  start: VexilStart = {},
): Promise<VexilServer> {
  const port = await freePort();
  // BENCH_PROFILE_DIR=<folder>: a CPU profile of every Vexil thread, written when it stops.
  const profile = process.env.BENCH_PROFILE_DIR;
  buildServer();
  const child = spawnChild(fromSource ? 'server/src/main.ts' : `${BUNDLE_DIR}/main.mjs`, {
    javascript: !fromSource,
    preload: ['bench/event/probe.mjs'],
    nodeOptions: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
    cpus: start.cpus,
    env: {
      // as the production image runs it (Dockerfile)
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      PORT: String(port),
      VEXIL_HOST: '127.0.0.1',
      VEXIL_DATA: storage.dataDir,
      DATABASE_URL: storage.databaseUrl ?? '',
      REDIS_URL: '',
      VEXIL_ADMIN_PASSWORD: '',
      VEXIL_RATE_LIMIT: 'off',
      VEXIL_LOG_LEVEL: process.env.BENCH_VEXIL_LOG_LEVEL ?? 'warn',
      VEXIL_WEB_DIR: '/nonexistent',
      ...start.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    url,
    port,
    reset: async () => {
      await child.request({ type: 'reset' });
    },
    sample: () => child.request<ProbeSample>({ type: 'sample' }),
    stop: () => child.stop(),
  };
}
