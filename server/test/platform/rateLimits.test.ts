// Per-client rate limits: global and named limits answer 429 with Retry-After and a JSON body;
// clients (user or address) have separate buckets; X-Forwarded-For counts only from trusted proxies.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { concurrencyLimiter } from '#server/plugins/concurrency.js';
import { ApiError } from '#server/http/errors.js';
import { installErrorHandler } from '#server/http/errorHandler.js';
import { caller, createTestApp, signIn, testConfig } from '../support/app.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('sqlite');
});
afterAll(() => database.close());

const get = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/config', remoteAddress, headers });

describe('global rate limit', () => {
  const server = useTestApp(() => database, {
    config: () => testConfig({ VEXIL_RATE_LIMIT: 'on', VEXIL_RATE_LIMIT_GLOBAL: '3/60' }),
  });

  it('answers 429 with Retry-After and JSON once a client is over the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await get(server.app, '10.0.0.1')).statusCode).toBe(200);
    const limited = await get(server.app, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      title: expect.stringMatching(/Too many requests/),
      status: 429,
    });
  });

  it('keeps other clients unaffected', async () => {
    expect((await get(server.app, '10.0.0.2')).statusCode).toBe(200);
  });

  it('counts a signed-in user separately from their address', async () => {
    const user = await signIn(server.app, 'User');
    for (let i = 0; i < 3; i++) await get(server.app, '10.0.0.3');
    expect((await get(server.app, '10.0.0.3')).statusCode).toBe(429);
    const response = await user({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.3' });
    expect(response.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from peers that are not trusted proxies', async () => {
    for (let i = 0; i < 3; i++)
      await get(server.app, '10.0.0.4', { 'x-forwarded-for': `198.51.100.${i}` });
    expect(
      (await get(server.app, '10.0.0.4', { 'x-forwarded-for': '198.51.100.99' })).statusCode,
    ).toBe(429);
  });
});

describe('trusted proxies', () => {
  const server = useTestApp(() => database, {
    config: () =>
      testConfig({
        VEXIL_RATE_LIMIT: 'on',
        VEXIL_RATE_LIMIT_GLOBAL: '2/60',
        VEXIL_TRUSTED_PROXIES: '10.9.0.1',
      }),
  });

  it('takes the client address from X-Forwarded-For when the peer is a trusted proxy', async () => {
    const viaProxy = (client: string) => get(server.app, '10.9.0.1', { 'x-forwarded-for': client });
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200);
  });
});

describe('named rate limits', () => {
  const server = useTestApp(() => database, {
    config: () =>
      testConfig({
        VEXIL_RATE_LIMIT: 'on',
        VEXIL_RATE_LIMIT_GLOBAL: '100/60',
        VEXIL_RATE_LIMIT_REGISTER: '2/60',
      }),
  });

  it('limits the operations that name them, per client, on top of the global limit', async () => {
    const register = (remoteAddress: string) =>
      caller(server.app)({
        method: 'POST',
        url: '/api/account/register',
        remoteAddress,
        payload: {},
      });
    expect((await register('10.1.0.1')).statusCode).not.toBe(429);
    expect((await register('10.1.0.1')).statusCode).not.toBe(429);
    const limited = await register('10.1.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await register('10.1.0.2')).statusCode).not.toBe(429);
    expect((await get(server.app, '10.1.0.1')).statusCode).toBe(200);
  });
});

describe('rate limiting switched off', () => {
  it('lets any number of requests through with VEXIL_RATE_LIMIT=off', async () => {
    const app = await createTestApp(
      database,
      testConfig({ VEXIL_RATE_LIMIT: 'off', VEXIL_RATE_LIMIT_GLOBAL: '1/60' }),
    );
    for (let i = 0; i < 20; i++) expect((await get(app, '10.2.0.1')).statusCode).toBe(200);
    await app.close();
  });
});

describe('concurrency limit', () => {
  it('runs one request per client at a time and queues the rest up to a bound', async () => {
    const app = Fastify();
    installErrorHandler(app);
    app.decorateRequest('user', null);
    const hook = concurrencyLimiter(app, 1, (s) => new ApiError(429, `retry in ${s}`));
    let inFlight = 0;
    let maxInFlight = 0;
    app.post('/slow', { onRequest: hook }, async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return { ok: true };
    });
    const send = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/slow', remoteAddress });
    const [a, b, c, other] = await Promise.all([
      send('1.1.1.1'),
      send('1.1.1.1'),
      send('1.1.1.1'),
      send('2.2.2.2'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 200]);
    expect(c.statusCode).toBe(429);
    expect(other.statusCode).toBe(200);
    expect(maxInFlight).toBe(2); // one per client: 1.1.1.1 and 2.2.2.2
    await app.close();
  });
});
