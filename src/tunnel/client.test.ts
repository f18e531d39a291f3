import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeTunnelDaemon, type FakeTunnelDaemon } from '@/test/fakeTunnelDaemon';
import { createTunnelClient } from './client';

let daemon: FakeTunnelDaemon;
beforeEach(() => {
  daemon = createFakeTunnelDaemon();
  vi.stubGlobal('fetch', daemon.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const client = () => createTunnelClient('http://127.0.0.1:3307/');

describe('the tunnel client', () => {
  it('calls the daemon at its address, without cookies', async () => {
    await client().connectState();
    expect(daemon.requests[0].url).toBe('http://127.0.0.1:3307/connect');
    expect(daemon.fetch.mock.calls[0][1]).toMatchObject({ credentials: 'omit' });
  });

  it('turns no answer into daemon_unavailable', async () => {
    daemon.online = false;
    await expect(client().checkVersion()).rejects.toMatchObject({ kind: 'daemon_unavailable' });
    await expect(client().connectState()).rejects.toMatchObject({ kind: 'daemon_unavailable' });
  });

  it('gives up after 10 s without an answer', async () => {
    vi.useFakeTimers();
    daemon.fetch.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted'))),
        ),
    );
    const pending = expect(client().connectState()).rejects.toMatchObject({
      kind: 'daemon_unavailable',
    });
    await vi.advanceTimersByTimeAsync(10_000);
    await pending;
    vi.useRealTimers();
  });

  it('turns a refusal into daemon_error with the daemon’s text', async () => {
    await expect(client().removeFromPool('127.0.0.1:1')).rejects.toMatchObject({
      kind: 'daemon_error',
      message: 'Tunnel 127.0.0.1:1 not found',
    });
  });

  it('registers the site with its name and features', async () => {
    await client().register({ name: 'Example CTF', features: ['basic', 'pingfall'] });
    expect(daemon.requests[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'Example CTF',
        features: ['basic', 'pingfall'],
        host: window.location.origin,
        state: 'pending',
      },
    });
    expect(daemon.fetch.mock.calls[0][1]?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('keeps only well-formed tunnels from the list', async () => {
    daemon.pool = [
      { remote: 'ws://x/api/proxy/a', local: '127.0.0.1:1' },
      { nonsense: true } as never,
    ];
    expect(await client().listPool()).toEqual([
      { remote: 'ws://x/api/proxy/a', local: '127.0.0.1:1' },
    ]);
  });
});
