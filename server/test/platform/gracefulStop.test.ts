// `app.stopGracefully()` (what SIGTERM and SIGINT run) on a listening app: a request in flight is
// answered, with Connection: close; a request arriving on a kept-alive connection meanwhile gets
// 503 `{title, status}` with Retry-After and Connection: close; new connections are refused; a
// request still running when VEXIL_SHUTDOWN_TIMEOUT runs out is dropped and the stop ends.
import type { FastifyInstance } from 'fastify';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';

interface Answer {
  status?: number;
  headers?: IncomingHttpHeaders;
  body?: string;
  error?: string;
}

function get(port: number, path: string, agent?: Agent): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    req.end();
  });
}

/** An app with a route that answers when the test says so. */
async function startApp(database: TestDatabase, env: Record<string, string> = {}) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const app = await createTestApp(database, testConfig(env), (app) =>
    app.get('/test/slow', async () => {
      arrived();
      await released;
      return { done: true };
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, release, slowArrived };
}

describe('graceful stop', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await database.close();
  });

  it('finishes requests in flight, answers 503 on kept-alive connections, refuses new ones', async () => {
    const { app, port, release, slowArrived } = await startApp(database);
    apps.push(app);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, '/api/config', agent)).status).toBe(200);
    const slow = get(port, '/test/slow');
    await slowArrived;

    const stopped = app.stopGracefully();
    const refused = await get(port, '/api/config', agent);
    expect(refused).toMatchObject({
      status: 503,
      headers: { 'retry-after': '5', connection: 'close' },
    });
    expect(JSON.parse(refused.body!)).toEqual({ title: expect.any(String), status: 503 });
    expect(await get(port, '/api/config')).toEqual({ error: 'ECONNREFUSED' });

    release();
    expect(await slow).toMatchObject({ status: 200, headers: { connection: 'close' } });
    await stopped;
    agent.destroy();
  });

  it('drops what still runs when the bound runs out, and ends the stop', async () => {
    const { app, port, release, slowArrived } = await startApp(database, {
      VEXIL_SHUTDOWN_TIMEOUT: '1',
    });
    apps.push(app);
    const slow = get(port, '/test/slow');
    await slowArrived;
    await app.stopGracefully();
    expect(await slow).toEqual({ error: 'ECONNRESET' });
    release();
  });
});
