// Issue 13, finding 1: starting while the database is unreachable died with a raw stack. Now the
// port answers at once (liveness 200, readiness and everything else 503 with Retry-After), the
// database is tried again with backoff, each attempt logged in a line, and a start that should
// give up (VEXIL_DATABASE_START_TIMEOUT) or cannot succeed (not an outage) fails with a clear
// error. The whole start against a real PostgreSQL that comes up later is in
// postgresFaults.test.ts; unhandled rejections and uncaught exceptions of the process here.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import { openDatabaseWhenReachable } from '#server/db/openWhenReachable.js';
import { listenWhileStarting } from '#server/http/startingServer.js';
import { serviceProbes } from '#server/services/readiness/probes.js';
import { freePort } from './support/pgCluster.js';
import { REASON, skipUnless } from '../support/skipReason.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('while the database is not there yet', () => {
  it('the port answers: alive, not ready, 503 with Retry-After for anything else', async () => {
    const port = await freePort();
    const starting = await listenWhileStarting(port, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    try {
      const live = await fetch(`${url}/healthz`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok', database: 'starting' });
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      const api = await fetch(`${url}/api/game`, { method: 'POST', body: '{}' });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(await api.json()).toEqual({ title: expect.stringMatching(/starting/), status: 503 });
      // A hub's WebSocket upgrade gets the same answer instead of a hang.
      const upgrade = await new Promise<number | undefined>((done, fail) => {
        const req = request(`${url}/hub/user`, {
          headers: { connection: 'Upgrade', upgrade: 'websocket' },
        });
        req.on('response', (response) => {
          response.resume();
          done(response.statusCode);
        });
        req.on('upgrade', () => done(101));
        req.on('error', fail);
        req.end();
      });
      expect(upgrade).toBe(503);
    } finally {
      await starting.close();
    }
    // Closed: the app can listen on the port.
    const next = await listenWhileStarting(port, '127.0.0.1');
    await next.close();
  });

  it(
    'says in its readiness which other dependencies answer (Redis up, Docker engine down)',
    skipUnless(Boolean(process.env.REDIS_URL), REASON.redis),
    async () => {
      const port = await freePort();
      const nowhere = await freePort();
      const services = serviceProbes(
        loadConfig({ REDIS_URL: process.env.REDIS_URL, DOCKER_HOST: `tcp://127.0.0.1:${nowhere}` }),
      );
      const starting = await listenWhileStarting(port, '127.0.0.1', services.probes);
      try {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(503);
        expect(ready.headers.get('retry-after')).toBe('5');
        expect(await ready.json()).toEqual({
          status: 'starting',
          database: 'unreachable',
          redis: 'ok',
          docker: 'unreachable',
        });
      } finally {
        await starting.close();
        services.close();
      }
    },
  );

  it('tries again with backoff, a line per attempt, and gives up when told to', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    await expect(
      openDatabaseWhenReachable(
        { dataDir: ':memory:', databaseUrl: `postgres://vexil@127.0.0.1:${port}/vexil` },
        { log, giveUpAfterMs: 600, firstDelayMs: 50 },
      ),
    ).rejects.toThrow(/not reachable within 1 s/);
    const attempts = lines.filter((l) => /not reachable yet .*ECONNREFUSED.*attempt \d+/.test(l));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(lines.filter((l) => l === 'Database: PostgreSQL')).toHaveLength(1);
  });

  it(
    'does not wait for what waiting cannot mend (a database that does not exist)',
    skipUnless(Boolean(process.env.DATABASE_URL), REASON.postgres),
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = '/vexil_test_no_such_database';
      const lines: string[] = [];
      const log = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
      await expect(
        openDatabaseWhenReachable(
          { dataDir: ':memory:', databaseUrl: url.toString() },
          { log, giveUpAfterMs: 0 },
        ),
      ).rejects.toThrow(/does not exist/);
      expect(lines.filter((l) => /not reachable yet/.test(l))).toEqual([]);
    },
  );

  it('waits forever unless VEXIL_DATABASE_START_TIMEOUT says otherwise', () => {
    expect(loadConfig({}).databaseStartTimeoutSeconds).toBe(0);
    expect(loadConfig({ VEXIL_DATABASE_START_TIMEOUT: '120' }).databaseStartTimeoutSeconds).toBe(
      120,
    );
    expect(() => loadConfig({ VEXIL_DATABASE_START_TIMEOUT: 'soon' })).toThrow(
      /VEXIL_DATABASE_START_TIMEOUT/,
    );
  });
});

describe('process-level faults', () => {
  it('logs an unhandled rejection and goes on; shuts down cleanly on an uncaught exception', async () => {
    // A real process: these handlers act on the process itself.
    const script = `
      import { handleProcessFaults } from './server/src/processFaults.ts';
      import { storageFault } from './server/src/db/faults.ts';
      handleProcessFaults({
        log: () => ({
          error: (_o, m) => console.log('error: ' + m),
          fatal: (_o, m) => console.log('fatal: ' + m),
        }),
        isStorageFault: (e) => storageFault(e) !== null,
        shutDown: () => { console.log('clean shutdown'); process.exit(1); },
      });
      Promise.reject(new Error('a forgotten promise'));
      setTimeout(() => {
        console.log('alive');
        // A lost database connection escaping its handlers: part of an outage, not a crash.
        setTimeout(() => { throw Object.assign(new Error('terminating connection'), { code: '57P01' }); });
        setTimeout(() => { console.log('still alive'); throw new Error('a bug'); }, 50);
      }, 50);`;
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((done) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { cwd: ROOT, timeout: 60_000 },
        (_error, out) => done({ code: child.exitCode, stdout: out }),
      );
    });
    expect(stdout.trim().split('\n')).toEqual([
      'error: Unhandled promise rejection; the server goes on',
      'alive',
      'still alive',
      'fatal: Uncaught exception (uncaughtException); shutting down',
      'clean shutdown',
    ]);
    expect(code).toBe(1);
  });
});
