import { afterEach, beforeEach, expect, it } from 'vitest';
import { ScopeRegistry } from './consent.js';
import { InstancePool } from './pool.js';
import { probeOnce, probeUrlOf, startProbes } from './probe.js';
import { startFakePlatform, type FakePlatform } from './testing.js';

const PINGFALL = 'https://pingfall.example';
const BASIC = 'https://basic.example';
let platform: FakePlatform;
let pool: InstancePool;
let registry: ScopeRegistry;
let stop = () => {};

beforeEach(async () => {
  platform = await startFakePlatform(['a', 'b']);
  pool = new InstancePool();
  registry = new ScopeRegistry({ allow: [PINGFALL, BASIC] });
  registry.request(PINGFALL, { features: ['basic', 'pingfall'] });
  registry.request(BASIC, { features: ['basic'] });
});
afterEach(async () => {
  stop();
  pool.closeAll();
  await platform.close();
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

it('probes the http(s) form of the proxy URL, changing only the scheme', () => {
  expect(probeUrlOf('wss://news.example/api/proxy/x')).toBe('https://news.example/api/proxy/x');
  expect(probeUrlOf('ws://h:1/api/proxy/ws')).toBe('http://h:1/api/proxy/ws');
});

it('measures latency while the instance lives and reports -1 when unreachable', async () => {
  const live = await pool.add(PINGFALL, { remote: platform.proxyUrl('a') });
  const probe = { userAgent: 'test', timeoutMs: 1_000 };
  expect(await probeOnce(live, probe)).toEqual({ latency: expect.any(Number), gone: false });
  expect((await probeOnce(live, probe)).latency).toBeGreaterThanOrEqual(0);
  const closedPort = { ...live, remote: 'ws://127.0.0.1:1/api/proxy/a' };
  expect(await probeOnce(closedPort, probe)).toEqual({ latency: -1, gone: false });
});

it('closes a gone instance for sites that asked for pingfall, only those', async () => {
  const dropped = await pool.add(PINGFALL, { remote: platform.proxyUrl('a') });
  const kept = await pool.add(BASIC, { remote: platform.proxyUrl('a') });
  const live = await pool.add(PINGFALL, { remote: platform.proxyUrl('b') });
  stop = startProbes(pool, registry, { intervalMs: 50, userAgent: 'test' });
  await waitFor(() => pool.list().every((instance) => instance.latency >= 0));
  platform.destroy('a');
  await waitFor(() => !pool.list().some((instance) => instance.local === dropped.local));
  await waitFor(() => pool.list(BASIC)[0]?.latency === -1);
  expect(
    pool
      .list()
      .map((instance) => instance.local)
      .sort(),
  ).toEqual([kept.local, live.local].sort());
});
