import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeTunnelDaemon, type FakeTunnelDaemon } from '@/test/fakeTunnelDaemon';
import { TunnelError } from './errors';
import { TunnelSession } from './session';

const API = 'http://127.0.0.1:3307';
const REMOTE = 'wss://ctf.example.org/api/proxy/6f1c2d3e-0000-4000-8000-000000000001';
let daemon: FakeTunnelDaemon;
let session: TunnelSession;
const onError = vi.fn();
const onWentOffline = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  daemon = createFakeTunnelDaemon();
  vi.stubGlobal('fetch', daemon.fetch);
  onError.mockReset();
  onWentOffline.mockReset();
  session = new TunnelSession(API);
  session.setRegistration({ name: 'Example CTF', features: ['basic', 'pingfall'] });
  session.setReporter({ onError, onWentOffline });
});
afterEach(() => {
  session.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const state = () => session.getSnapshot().state;
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const paths = () => daemon.requests.map((r) => `${r.method} ${r.path}`);
const errorKinds = () => onError.mock.calls.map(([error]) => (error as TunnelError).kind);

describe('connecting', () => {
  it('stays idle until activated, then registers the site and waits for the user', async () => {
    await wait(10_000);
    expect(daemon.requests).toEqual([]);
    session.activate();
    session.activate();
    await wait(100);
    expect(paths()).toEqual(['GET /version', 'GET /connect', 'POST /connect', 'GET /connect']);
    expect(daemon.calls('POST', '/connect')[0]).toMatchObject({
      url: `${API}/connect`,
      body: { name: 'Example CTF', features: ['basic', 'pingfall'], state: 'pending' },
    });
    expect(session.getSnapshot()).toMatchObject({
      state: 'Pending',
      checked: true,
      version: '0.5.0',
    });
  });

  it('debounces connect calls by 100 ms', async () => {
    session.activate();
    await wait(60);
    session.connect();
    await wait(60);
    session.connect();
    await wait(99);
    expect(daemon.calls('GET', '/version')).toHaveLength(0);
    await wait(1);
    expect(daemon.calls('GET', '/version')).toHaveLength(1);
  });

  it('polls every 3 s and becomes Usable once the user accepts', async () => {
    session.activate();
    await wait(100);
    const before = daemon.calls('GET', '/connect').length;
    await wait(2_999);
    expect(daemon.calls('GET', '/connect')).toHaveLength(before);
    daemon.scope = 'allowed';
    await wait(1);
    expect(daemon.calls('GET', '/connect')).toHaveLength(before + 1);
    expect(state()).toBe('Usable');
    expect(daemon.calls('GET', '/pool')).toHaveLength(1);
  });
});

describe('while usable', () => {
  beforeEach(async () => {
    daemon.scope = 'allowed';
    daemon.pool = [{ label: 'known', remote: REMOTE, local: '127.0.0.1:40000', latency: 3 }];
    session.activate();
    await wait(100);
  });

  it('reads the known tunnels on connect, then on every fifth poll', async () => {
    expect(paths()).toEqual(['GET /version', 'GET /connect', 'GET /pool']);
    expect(session.getSnapshot().instances).toEqual(daemon.pool);
    for (let poll = 1; poll <= 4; poll++) await wait(3_000);
    expect(daemon.calls('GET', '/connect')).toHaveLength(5);
    expect(daemon.calls('GET', '/pool')).toHaveLength(1);
    await wait(3_000);
    expect(daemon.calls('GET', '/pool')).toHaveLength(2);
    for (let poll = 1; poll <= 5; poll++) await wait(3_000);
    expect(daemon.calls('GET', '/pool')).toHaveLength(3);
  });

  it('stops polling when the daemon goes away, and says it went offline once', async () => {
    daemon.online = false;
    await wait(3_000);
    expect(state()).toBe('Invalid');
    expect(onWentOffline).toHaveBeenCalledTimes(1);
    expect(session.getSnapshot().instances).toEqual([]);
    const count = daemon.requests.length;
    await wait(30_000);
    expect(daemon.requests).toHaveLength(count);
    expect(onError).not.toHaveBeenCalled();
  });

  it('goes Invalid when the daemon forgets the site', async () => {
    daemon.scope = 'unknown';
    await wait(3_000);
    expect(state()).toBe('Invalid');
    expect(onWentOffline).toHaveBeenCalledTimes(1);
  });
});

describe('errors', () => {
  it('keeps quiet when no daemon answers the first time, but not on a retry', async () => {
    daemon.online = false;
    session.activate();
    await wait(100);
    expect(session.getSnapshot()).toMatchObject({ state: 'Invalid', checked: true });
    expect(onError).not.toHaveBeenCalled();
    expect(onWentOffline).not.toHaveBeenCalled();
    session.connect();
    await wait(100);
    expect(errorKinds()).toEqual(['daemon_unavailable']);
  });

  it.each([
    ['a missing /version (404)', 404, '0.5.0'],
    ['a version below 0.4', 200, '0.3.9'],
    ['an unreadable version', 200, { name: 'x' }],
  ])('reports a version mismatch for %s and stops there', async (_case, status, version) => {
    daemon.versionStatus = status;
    daemon.version = version;
    session.activate();
    await wait(100);
    expect(errorKinds()).toEqual(['daemon_version_mismatch']);
    expect(paths()).toEqual(['GET /version']);
    expect(state()).toBe('Invalid');
  });

  it('accepts newer versions, as a bare string or an object', async () => {
    daemon.version = { version: '0.10.2' };
    daemon.scope = 'allowed';
    session.activate();
    await wait(100);
    expect(state()).toBe('Usable');
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports the daemon’s own text when it refuses', async () => {
    daemon.versionStatus = 500;
    session.activate();
    await wait(100);
    expect(onError).toHaveBeenCalledWith(
      new TunnelError('daemon_error', 'Not found'),
      expect.objectContaining({ initial: true }),
    );
  });
});

describe('mapping an instance', () => {
  beforeEach(async () => {
    daemon.scope = 'allowed';
    session.activate();
    await wait(100);
  });

  it('opens a loopback port once and reuses it', async () => {
    session.ensureMapped(REMOTE, { label: 'Echo @ Finals', allowLan: false });
    session.ensureMapped(REMOTE, { label: 'Echo @ Finals', allowLan: false });
    await wait(0);
    expect(daemon.calls('POST', '/pool').map((r) => r.body)).toEqual([
      { remote: REMOTE, local: '127.0.0.1:0', label: 'Echo @ Finals' },
    ]);
    expect(session.findMapping(REMOTE, false)?.local).toBe('127.0.0.1:40001');
    session.ensureMapped(REMOTE, { allowLan: false });
    await wait(0);
    expect(daemon.calls('POST', '/pool')).toHaveLength(1);
  });

  it('finishes a mapping even when the player reconnects meanwhile', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answer = daemon.fetch.getMockImplementation()!;
    daemon.fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input).endsWith('/pool')) await gate;
      return answer(input, init);
    });
    session.ensureMapped(REMOTE, { allowLan: false });
    session.connect();
    await wait(100);
    release();
    await wait(0);
    expect(session.findMapping(REMOTE, false)).toBeDefined();
    expect(session.getSnapshot().mappings).toEqual({});
  });

  it('moves a tunnel to every interface when local-network access is turned on', async () => {
    session.ensureMapped(REMOTE, { allowLan: false });
    await wait(0);
    session.ensureMapped(REMOTE, { allowLan: true });
    await wait(0);
    expect(daemon.calls('DELETE', '/pool')[0].body).toEqual({ local: '127.0.0.1:40001' });
    expect(session.findMapping(REMOTE, true)?.local).toBe('0.0.0.0:40002');
    expect(session.getSnapshot().instances).toHaveLength(1);
  });

  it('replaces a tunnel the daemon hands back from elsewhere', async () => {
    daemon.pool.push({ label: 'old', remote: REMOTE, local: '0.0.0.0:39999', latency: -1 });
    session.ensureMapped(REMOTE, { allowLan: false });
    await wait(0);
    expect(paths().slice(-3)).toEqual(['POST /pool', 'DELETE /pool', 'POST /pool']);
    expect(session.findMapping(REMOTE, false)?.local).toBe('127.0.0.1:40001');
  });

  it('reports a refusal, waits for a retry, then maps', async () => {
    daemon.poolRefusal = { status: 500, text: 'failed to bind tcp address' };
    session.ensureMapped(REMOTE, { allowLan: false });
    await wait(0);
    expect(onError).toHaveBeenCalledWith(
      new TunnelError('daemon_error', 'failed to bind tcp address'),
      { initial: false },
    );
    expect(session.getSnapshot().mappings[REMOTE]).toMatchObject({ phase: 'failed' });
    session.ensureMapped(REMOTE, { allowLan: false });
    await wait(0);
    expect(daemon.calls('POST', '/pool')).toHaveLength(1);
    daemon.poolRefusal = undefined;
    session.retryMapping(REMOTE, { allowLan: false });
    await wait(0);
    expect(session.findMapping(REMOTE, false)).toBeDefined();
    expect(session.getSnapshot().mappings).toEqual({});
  });
});

it('talks to a new address after a change, dropping what the old one said', async () => {
  daemon.scope = 'allowed';
  session.activate();
  await wait(100);
  session.setApi('http://127.0.0.1:4000/');
  expect(session.getSnapshot()).toMatchObject({ state: 'Invalid', checked: false });
  await wait(100);
  expect(daemon.requests.at(-1)?.url).toBe('http://127.0.0.1:4000/pool');
  expect(state()).toBe('Usable');
  session.setApi('http://127.0.0.1:4000');
  await wait(100);
  expect(daemon.calls('GET', '/version')).toHaveLength(2);
});
