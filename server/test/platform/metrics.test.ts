// `/metrics` (Prometheus): off unless a token or an address list is set; refused without the
// token (401), with a wrong one or from an address outside the list (403); and each of Vexil's
// metrics appears and moves when what it counts happens, read through the endpoint itself.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../support/app.js';
import { createChallenge, createGame } from '../support/competition.js';
import { openTestDatabase, type TestDatabase } from '../support/databases.js';
import { hubClient, startHubApp, waitFor, type HubApp } from '../hubs/support.js';
import { playingTeam, submitFlag } from '../routes/game/support.js';
import { insertContainer } from '../routes/proxy/support.js';

const TOKEN = 'metrics-token-for-tests-0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };

/** The value of the series `name{…}` whose labels include every `labels` pair; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const set = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`)))
      return Number(match[3]);
  }
  return 0;
}

async function withApp(
  env: Record<string, string>,
  run: (app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const database = await openTestDatabase('sqlite');
  const app = await createTestApp(database, testConfig(env));
  try {
    await run(app);
  } finally {
    await app.close();
    await database.close();
  }
}

describe('access to /metrics', () => {
  it('is off (404) when neither a token nor an address list is set', async () => {
    await withApp({}, async (app) => {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404 });
      expect(app.metrics).toBeNull();
    });
  });

  it('asks for the token (401), refuses a wrong one (403), answers the right one', async () => {
    await withApp({ VEXIL_METRICS_TOKEN: TOKEN }, async (app) => {
      const none = await app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.json()).toEqual({ title: expect.any(String), status: 401 });
      const wrong = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ title: expect.any(String), status: 403 });
      const right = await app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
      expect(right.statusCode).toBe(200);
      expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(right.body).toContain('vexil_http_request_duration_seconds');
    });
  });

  it('answers listed addresses, the client address read behind trusted proxies only', async () => {
    const env = {
      VEXIL_METRICS_ALLOW: '10.0.0.0/8, 2001:db8::1',
      VEXIL_TRUSTED_PROXIES: '192.0.2.1',
    };
    await withApp(env, async (app) => {
      const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      expect((await from('::ffff:10.1.2.3')).statusCode).toBe(200);
      expect((await from('2001:db8::1')).statusCode).toBe(200);
      const outside = await from('198.51.100.7');
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toEqual({ title: expect.any(String), status: 403 });
      // X-Forwarded-For counts from the trusted proxy, not from anyone else.
      expect((await from('192.0.2.1', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(200);
      expect((await from('198.51.100.7', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(403);
      // No token is configured: a bearer is wrong whatever the address.
      expect((await from('10.1.2.3', AUTH)).statusCode).toBe(403);
    });
  });

  it('refuses settings it cannot read', () => {
    expect(() => testConfig({ VEXIL_METRICS_TOKEN: 'short' })).toThrow(/VEXIL_METRICS_TOKEN/);
    expect(() => testConfig({ VEXIL_METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/VEXIL_METRICS_ALLOW/);
    expect(() => testConfig({ VEXIL_METRICS_ALLOW: 'localhost' })).toThrow(/VEXIL_METRICS_ALLOW/);
  });

  it('stays out of the OpenAPI document', async () => {
    await withApp({ VEXIL_METRICS_TOKEN: TOKEN }, async (app) => {
      const spec = await app.inject({ method: 'GET', url: '/openapi.json' });
      expect(spec.statusCode).toBe(200);
      expect(Object.keys(spec.json().paths)).not.toContain('/metrics');
    });
  });
});

describe('the metrics move', () => {
  let database: TestDatabase;
  let hub: HubApp;
  const scrape = async () => {
    const response = await hub.app.inject({ method: 'GET', url: '/metrics', headers: AUTH });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    database = await openTestDatabase('sqlite');
    hub = await startHubApp(database, {
      VEXIL_METRICS_TOKEN: TOKEN,
      VEXIL_RATE_LIMIT: 'on',
      VEXIL_RATE_LIMIT_GLOBAL: '100000/60',
      VEXIL_RATE_LIMIT_QUERY: '2/60',
    });
  });
  afterAll(async () => {
    await hub?.app.close();
    await database?.close();
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    await hub.app.inject({ method: 'GET', url: '/api/game/123456' });
    await hub.app.inject({ method: 'GET', url: '/no/such/page/987654' });
    const text = await scrape();
    expect(text).not.toContain('123456');
    expect(text).not.toContain('987654');
    expect(
      sample(text, 'vexil_http_request_duration_seconds_count', {
        route: '/api/game/:id',
        method: 'GET',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'vexil_http_request_duration_seconds_count', { route: 'unmatched' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \S+$/m);
    expect(text).toMatch(/^vexil_containers_running 0$/m);
    expect(text).toMatch(/^vexil_flag_checker_pending 0$/m);
    expect(text).toMatch(/^vexil_container_starts_queued 0$/m);
    expect(text).toMatch(/^vexil_container_starts_starting 0$/m);
  });

  it('has every series the Grafana dashboard (docs/metrics-dashboard.json) queries', async () => {
    const dashboard = readFileSync(
      new URL('../../../docs/metrics-dashboard.json', import.meta.url),
    );
    const names = new Set(
      String(dashboard).match(/\b(?:vexil|nodejs|process)_[a-z0-9_]+(?=[{[ )])/g) ?? [],
    );
    expect(names.size).toBeGreaterThan(5);
    const text = await scrape();
    for (const name of names) {
      // Declared, even before its first sample (a counter by label has none until counted).
      const metric = name.replace(/_(bucket|count|sum)$/, '');
      expect(text, name).toMatch(new RegExp(`^# TYPE ${metric} `, 'm'));
    }
  });

  it('counts a checked submission by result, and times the board rebuild it causes', async () => {
    const game = await createGame(hub.app);
    const challenge = await createChallenge(hub.app, game.id, { flags: ['flag{metrics}'] });
    const team = await playingTeam(hub.app, game);
    const before = await scrape();
    const builds = sample(before, 'vexil_scoreboard_build_seconds_count');
    const accepted = sample(before, 'vexil_submissions_total', { result: 'Accepted' });
    await submitFlag(team.call, game.id, challenge.id, 'flag{metrics}');
    await submitFlag(team.call, game.id, challenge.id, 'flag{nope}');
    await expect
      .poll(async () => sample(await scrape(), 'vexil_submissions_total', { result: 'Accepted' }))
      .toBe(accepted + 1);
    await hub.app.scoreboards.settle(game.id);
    const after = await scrape();
    expect(sample(after, 'vexil_submissions_total', { result: 'WrongAnswer' })).toBeGreaterThan(0);
    expect(sample(after, 'vexil_scoreboard_build_seconds_count')).toBeGreaterThan(builds);
  });

  it('counts hub connections', async () => {
    const game = await createGame(hub.app);
    const before = sample(await scrape(), 'vexil_hub_connections');
    const connection = hubClient(`${hub.base}/hub/user?game=${game.id}`);
    await connection.start();
    try {
      await waitFor(() => hub.app.hubs.connections.size > 0);
      expect(sample(await scrape(), 'vexil_hub_connections')).toBe(before + 1);
    } finally {
      await connection.stop();
    }
    await expect.poll(async () => sample(await scrape(), 'vexil_hub_connections')).toBe(before);
  });

  it('reads the running containers from the database', async () => {
    const before = sample(await scrape(), 'vexil_containers_running');
    const game = await createGame(hub.app);
    const challenge = await createChallenge(hub.app, game.id);
    // The row the container service writes once the engine started one (a test container).
    await insertContainer(hub.app, { challengeId: challenge.id, gameInstanceId: null, port: 80 });
    expect(sample(await scrape(), 'vexil_containers_running')).toBe(before + 1);
  });

  it('counts requests answered 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await hub.app.inject({ method: 'GET', url: '/api/posts' })).statusCode);
    }
    expect(statuses).toContain(429);
    const text = await scrape();
    expect(sample(text, 'vexil_rate_limited_requests_total', { route: '/api/posts' })).toBe(
      statuses.filter((s) => s === 429).length,
    );
  });
});
