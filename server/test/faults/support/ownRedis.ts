/**
 * A redis-server process of the test's own, on a port of its own, that the test may stop and
 * start again, or freeze (never the suite's shared REDIS_URL). No persistence: a restarted server is empty,
 * as after a crash without a snapshot.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '#bench/event/vexilProcess.js';

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, no save); connected clients see their connections close. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT). */
  thaw(): void;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** Whether a redis-server binary is on the PATH. */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once something answers PING with PONG on the port. */
async function waitForPong(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(1000, () => socket.destroy());
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('close', () => resolve(false));
    });
    if (pong) return;
    await sleep(50);
  }
  throw new Error(`redis-server on port ${port} did not answer within ${timeoutMs} ms`);
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'vexil-own-redis-'));
  let server: ChildProcess | undefined;

  const start = async () => {
    if (server) return;
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { cwd: dir, stdio: 'ignore' },
    );
    server = child;
    child.once('exit', () => {
      if (server === child) server = undefined;
    });
    await waitForPong(port);
  };
  const stop = async () => {
    const child = server;
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGCONT');
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    freeze: () => void server?.kill('SIGSTOP'),
    thaw: () => void server?.kill('SIGCONT'),
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
