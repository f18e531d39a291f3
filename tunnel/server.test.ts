/**
 * The daemon's HTTP API as the browser client (src/tunnel/client.ts) and wsrx clients use it:
 * status codes, bodies and CORS headers.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from './daemon.js';

const SITE = 'https://ctf.example.org';
const OTHER = 'https://other.example';
const REMOTE = 'wss://ctf.example.org/api/proxy/6f1c2d3e-0000-4000-8000-000000000001';
let daemon: RunningDaemon;

beforeEach(async () => {
  daemon = await startDaemon({ port: 0, allow: [OTHER], probeIntervalMs: 60_000 });
});
afterEach(() => daemon.close());

function call(path: string, init: RequestInit & { origin?: string | null } = {}) {
  const { origin = SITE, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (origin !== null) headers.set('Origin', origin);
  if (rest.body) headers.set('Content-Type', 'application/json');
  return fetch(`${daemon.url}${path}`, { ...rest, headers });
}
const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const register = (origin = SITE) =>
  call('/connect', {
    origin,
    ...json('POST', {
      name: 'Example CTF',
      features: ['basic', 'pingfall'],
      host: 'x',
      state: 'pending',
    }),
  });

describe('GET /version', () => {
  it('answers any site with a version of at least 0.4', async () => {
    const response = await call('/version');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const version = (await response.json()) as string;
    expect(version.split('.').map(Number)).toEqual([0, 5, 0]);
  });
});

describe('/connect', () => {
  it('does not know a new site (403), then keeps it pending (201) until the user accepts (202)', async () => {
    const unknown = await call('/connect');
    expect(unknown.status).toBe(403);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    expect(await unknown.text()).toBe(`Scope ${SITE} not found`);

    const asked: string[] = [];
    daemon.registry.on('pending', (scope) => asked.push(`${scope.origin} ${scope.name}`));
    expect((await register()).status).toBe(201);
    expect(asked).toEqual([`${SITE} Example CTF`]);
    expect((await call('/connect')).status).toBe(201);

    daemon.registry.allow(SITE);
    expect((await call('/connect')).status).toBe(202);
    expect((await register()).status).toBe(202);
    expect(daemon.registry.get(SITE)).toMatchObject({ features: ['basic', 'pingfall'] });
  });

  it('accepts a site on the --allow list without asking', async () => {
    expect((await register(OTHER)).status).toBe(202);
    expect((await call('/connect', { origin: OTHER })).status).toBe(202);
  });

  it('falls back to the origin as the name when the body cannot be read', async () => {
    const response = await call('/connect', { method: 'POST', body: 'not json' });
    expect(response.status).toBe(201);
    expect(daemon.registry.get(SITE)?.name).toBe(SITE);
  });

  it('answers preflights for any site, including the private-network question', async () => {
    const response = await call('/connect', {
      method: 'OPTIONS',
      headers: {
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-private-network': 'true',
    });
  });

  it('treats programs on this computer (no Origin) as accepted', async () => {
    expect((await call('/connect', { origin: null })).status).toBe(202);
  });
});

describe('/pool', () => {
  it('refuses a site the user has not accepted, without CORS headers', async () => {
    await register();
    const response = await call('/pool');
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call('/pool', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens, lists and closes the tunnels of an accepted site', async () => {
    await register();
    daemon.registry.allow(SITE);
    await register(OTHER);

    const added = await call('/pool', json('POST', { remote: REMOTE, label: 'Echo @ Finals' }));
    expect(added.status).toBe(200);
    expect(added.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(added.headers.get('vary')).toBe('Origin');
    const instance = (await added.json()) as Record<string, unknown>;
    expect(instance).toMatchObject({
      label: 'Echo @ Finals',
      remote: REMOTE,
      to: REMOTE,
      latency: -1,
      scope_host: SITE,
    });
    expect(instance.local).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(instance.from).toBe(instance.local);

    const again = await call('/pool', json('POST', { to: REMOTE, from: '127.0.0.1:0' }));
    expect(((await again.json()) as { local: string }).local).toBe(instance.local);

    const listed = await call('/pool');
    expect(await listed.json()).toEqual([
      {
        label: 'Echo @ Finals',
        remote: REMOTE,
        local: instance.local,
        from: instance.local,
        to: REMOTE,
        latency: -1,
      },
    ]);
    expect(await (await call('/pool', { origin: OTHER })).json()).toEqual([]);

    const foreign = await call('/pool', {
      origin: OTHER,
      ...json('DELETE', { local: instance.local }),
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toBe(`Tunnel ${instance.local} not found in scope ${OTHER}`);

    const removed = await call('/pool', json('DELETE', { key: instance.local }));
    expect(removed.status).toBe(200);
    expect(await (await call('/pool')).json()).toEqual([]);
    const missing = await call('/pool', json('DELETE', { local: instance.local }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toBe(`Tunnel ${instance.local} not found`);
  });

  it('explains bad requests in plain text the page can read', async () => {
    await register(OTHER);
    const notWs = await call('/pool', { origin: OTHER, ...json('POST', { remote: 'http://x/' }) });
    expect(notWs.status).toBe(400);
    expect(notWs.headers.get('access-control-allow-origin')).toBe(OTHER);
    expect(await notWs.text()).toBe('remote must be a ws:// or wss:// URL');
    const badJson = await call('/pool', { origin: OTHER, method: 'POST', body: '{' });
    expect([badJson.status, await badJson.text()]).toEqual([400, 'Invalid JSON body']);
    const badLocal = await call('/pool', {
      origin: OTHER,
      ...json('POST', { remote: REMOTE, local: 'nowhere' }),
    });
    expect(badLocal.status).toBe(400);
    const put = await call('/pool', { origin: OTHER, method: 'PUT' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST, DELETE']);
  });

  it('drops the tunnels of a site whose permission is withdrawn', async () => {
    await register(OTHER);
    await call('/pool', { origin: OTHER, ...json('POST', { remote: REMOTE }) });
    expect(daemon.pool.list(OTHER)).toHaveLength(1);
    daemon.registry.remove(OTHER);
    expect(daemon.pool.list(OTHER)).toEqual([]);
    expect((await call('/connect', { origin: OTHER })).status).toBe(403);
  });
});

it('refuses requests addressed to another host name (DNS rebinding)', async () => {
  const { port } = new URL(daemon.url);
  const status = await new Promise<number>((resolve, reject) => {
    httpRequest(
      { host: '127.0.0.1', port, path: '/version', headers: { Host: `evil.example:${port}` } },
      (response) => resolve(response.statusCode ?? 0),
    )
      .on('error', reject)
      .end();
  });
  expect(status).toBe(403);
  expect((await fetch(`http://localhost:${port}/version`)).status).toBe(200);
});

it('answers unknown paths with a readable 404', async () => {
  const response = await call('/nothing');
  expect([response.status, response.headers.get('access-control-allow-origin')]).toEqual([
    404,
    '*',
  ]);
});
