/**
 * Vexil as an operator runs it: `server/src/main.ts` of this checkout in its own process (through
 * tsx), listening on loopback, so a fault test can stop its dependencies, signal it and watch it
 * exit. Its log (pino JSON on stdout) is kept, so a test can count what it said.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort } from '#bench/event/vexilProcess.js';
import { ROOT } from '#bench/event/child.js';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface VexilUnderTest {
  url: string;
  port: number;
  process: ChildProcess;
  /** Every JSON log line so far (other output is kept as `{ level: 0, msg }`). */
  log: LogLine[];
  /** Settles with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  signal(name: NodeJS.Signals): void;
  /** SIGKILL if still running; resolves once gone. */
  kill(): Promise<void>;
}

export interface VexilLaunch {
  /** SQLite data folder (the test owns it). */
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Extra environment (VEXIL_…). */
  env?: Record<string, string>;
  /** How long the start may take before it fails (a bound; 60 s unless given). */
  readyWithinMs?: number;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Vexil exited (${child.exitCode ?? child.signalCode}) during start`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Vexil was not ready (${url}/readyz) within ${timeoutMs} ms`);
}

export async function launchVexil(options: VexilLaunch): Promise<VexilUnderTest> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      VEXIL_HOST: '127.0.0.1',
      VEXIL_DATA: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      VEXIL_ADMIN_PASSWORD: '',
      VEXIL_LOG_LEVEL: 'info',
      VEXIL_WEB_DIR: '/nonexistent',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const log: LogLine[] = [];
  const keep = (text: string) => {
    try {
      log.push(JSON.parse(text) as LogLine);
    } catch {
      log.push({ level: 0, msg: text });
    }
  };
  createInterface({ input: child.stdout! }).on('line', keep);
  createInterface({ input: child.stderr! }).on('line', keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(url, child, options.readyWithinMs);
  } catch (error) {
    await kill();
    // With the error a failed start logged (`err`), not only its message.
    const tail = log.slice(-20).map((line) => {
      const cause = (line.err as { message?: string } | undefined)?.message;
      return cause ? `${line.msg}: ${cause}` : line.msg;
    });
    throw new Error(`${(error as Error).message}\n${tail.join('\n')}`, { cause: error });
  }
  return { url, port, process: child, log, exited, signal: (name) => child.kill(name), kill };
}
