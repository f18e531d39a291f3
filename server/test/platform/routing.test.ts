// Platform behaviour every operation shares: JSON 404s, case-insensitive paths, one error shape,
// the XSRF cookie, docs and health.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { describeEachDatabase } from '../support/databases.js';
import { useTestApp } from '../support/harness.js';

describeEachDatabase('routing and errors', (getDb) => {
  const server = useTestApp(getDb);
  const anonymous = server.anonymous;

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/team/1/unknown', '/api', '/assets/x']) {
      const response = await anonymous({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ title: 'No such API endpoint', status: 404 });
    }
  });

  it('answers a wrong method on a known path with a JSON 404', async () => {
    const response = await anonymous({ method: 'PATCH', url: '/api/config' });
    expect(response.statusCode).toBe(404);
    expect(response.json().status).toBe(404);
  });

  it('matches paths case-insensitively', async () => {
    const lower = await anonymous({ method: 'GET', url: '/api/config' });
    const mixed = await anonymous({ method: 'GET', url: '/API/Config' });
    expect(lower.statusCode).toBe(200);
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual(lower.json());
  });

  it('turns malformed JSON into a 400 without internals', async () => {
    const response = await anonymous({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"userName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ title: 'The request body is not valid JSON', status: 400 });
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('names the failing field in validation errors', async () => {
    const response = await anonymous({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ userName: 'someone', password: 42 }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().title).toMatch(/password/);
  });

  it('hides internals of unexpected failures', async () => {
    const isolated = await createTestApp(getDb(), undefined, (app) =>
      app.get('/api/__boom', async () => {
        throw new Error('secret database detail');
      }),
    );
    const response = await isolated.inject({ method: 'GET', url: '/api/__boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ title: 'Internal server error', status: 500 });
    expect(response.body).not.toContain('secret');
    await isolated.close();
  });

  it('hands out an XSRF-TOKEN cookie readable by the page', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/config' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('serves the spec and the API reference', async () => {
    const spec = await anonymous({ method: 'GET', url: '/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toBe('3.1.0');
    const docs = await anonymous({ method: 'GET', url: '/api-docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('reports health with the database', async () => {
    const response = await anonymous({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    const ready = await anonymous({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // Redis is named too when the suite runs with REDIS_URL (readiness.test.ts).
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok' });
  });
});

describe('web client routes', () => {
  it('are served index.html when the client is built, while /api stays JSON', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { openTestDatabase } = await import('../support/databases.js');
    const { testConfig } = await import('../support/app.js');
    const webDir = await mkdtemp(join(tmpdir(), 'vexil-web-'));
    await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Vexil test</title>');
    const database = await openTestDatabase('sqlite');
    const app = await createTestApp(database, testConfig({ VEXIL_WEB_DIR: webDir }));
    try {
      const page = await app.inject({ method: 'GET', url: '/games/1/Scoreboard' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Vexil test');
      const api = await app.inject({ method: 'GET', url: '/api/games/1/nothing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().status).toBe(404);
    } finally {
      await app.close();
      await database.close();
      await rm(webDir, { recursive: true, force: true });
    }
  });
});
