/**
 * Vexil in its own process (`server/src/main.ts` through tsx, as in production but from source),
 * on loopback, rate limits off, with every line it writes kept for the test to read. It can be
 * killed with SIGKILL and started again on the same port and data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface VexilSettings {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** More environment (overrides the defaults). */
  env?: Record<string, string>;
}

export interface VexilUnderTest {
  url: string;
  /** Every line written on stdout and stderr so far, in order. */
  lines: string[];
  /** Lines whose message matches. */
  linesMatching(pattern: RegExp): string[];
  alive(): boolean;
  /** Waits until `/readyz` answers 200 (bounded: a start that never gets ready fails the test). */
  waitReady(timeoutMs?: number): Promise<void>;
  /** SIGKILL, as a crash or the OOM killer would. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after a while; resolves when the process is gone. */
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function startVexil(settings: VexilSettings): VexilUnderTest {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(settings.port),
      VEXIL_HOST: '127.0.0.1',
      VEXIL_DATA: settings.dataDir,
      DATABASE_URL: settings.databaseUrl ?? '',
      REDIS_URL: '',
      VEXIL_ADMIN_PASSWORD: '',
      VEXIL_RATE_LIMIT: 'off',
      VEXIL_LOG_LEVEL: 'info',
      VEXIL_WEB_DIR: '/nonexistent',
      ...settings.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      live.delete(child);
      done();
    }),
  );
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => lines.push(line));
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${settings.port}`;

  return {
    url,
    lines,
    linesMatching: (pattern) => lines.filter((line) => pattern.test(line)),
    alive,
    async waitReady(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!alive()) throw new Error(`Vexil exited while starting:\n${lines.join('\n')}`);
        try {
          const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5000) });
          if (response.ok) return;
        } catch {
          // not listening yet
        }
        await sleep(100);
      }
      throw new Error(`Vexil was not ready within ${timeoutMs} ms:\n${lines.join('\n')}`);
    },
    async kill9() {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
