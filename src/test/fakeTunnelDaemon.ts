/**
 * A fake local tunnel daemon for client tests, answering like the wsrx API (and tunnel/server.ts)
 * through a `fetch` stub: `vi.stubGlobal('fetch', daemon.fetch)`. Its fields are the knobs:
 * switch it off, change its version, keep the site pending, make `/pool` refuse.
 */
import { vi } from 'vitest';
import type { TunnelInstance } from '@/tunnel/client';

export interface FakeDaemonRequest {
  method: string;
  url: string;
  path: string;
  body?: unknown;
}

export function createFakeTunnelDaemon() {
  const daemon = {
    online: true,
    version: '0.5.0' as unknown,
    versionStatus: 200,
    /** What `GET /connect` says about this site. */
    scope: 'unknown' as 'unknown' | 'pending' | 'allowed',
    /** What a `POST /connect` makes of it. */
    onRegister: 'pending' as 'pending' | 'allowed' | 'unknown',
    pool: [] as TunnelInstance[],
    /** When set, `POST /pool` answers with it. */
    poolRefusal: undefined as { status: number; text: string } | undefined,
    nextPort: 40_001,
    requests: [] as FakeDaemonRequest[],
    calls(method: string, path: string) {
      return daemon.requests.filter((r) => r.method === method && r.path === path);
    },
    fetch: vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      daemon.requests.push({ method, url: url.href, path: url.pathname, body });
      if (!daemon.online) throw new TypeError('Failed to fetch');
      return answer(method, url.pathname, body as Record<string, string> | undefined);
    }),
  };

  const text = (status: number, message: string) => new Response(message, { status });
  const json = (status: number, value: unknown) =>
    new Response(JSON.stringify(value), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  const empty = (status: number) => new Response(null, { status });
  const connectStatus = () =>
    daemon.scope === 'allowed' ? 202 : daemon.scope === 'pending' ? 201 : 403;

  function answer(method: string, path: string, body?: Record<string, string>): Response {
    const route = `${method} ${path}`;
    if (route === 'GET /version') {
      return daemon.versionStatus === 200
        ? json(200, daemon.version)
        : text(daemon.versionStatus, 'Not found');
    }
    if (route === 'GET /connect') return empty(connectStatus());
    if (route === 'POST /connect') {
      if (daemon.scope === 'unknown') daemon.scope = daemon.onRegister;
      return empty(daemon.scope === 'allowed' ? 202 : 201);
    }
    if (route === 'GET /pool') return json(200, daemon.pool);
    if (route === 'POST /pool') {
      if (daemon.poolRefusal) return text(daemon.poolRefusal.status, daemon.poolRefusal.text);
      const existing = daemon.pool.find((i) => i.remote === body?.remote);
      if (existing) return json(200, existing);
      const host = (body?.local ?? '127.0.0.1:0').replace(/:\d+$/, '');
      const created = {
        label: body?.label ?? 'inst-1',
        remote: body?.remote ?? '',
        local: `${host}:${daemon.nextPort++}`,
        latency: -1,
      };
      daemon.pool.push(created);
      return json(200, created);
    }
    if (route === 'DELETE /pool') {
      const index = daemon.pool.findIndex((i) => i.local === body?.local);
      if (index < 0) return text(400, `Tunnel ${body?.local} not found`);
      daemon.pool.splice(index, 1);
      return empty(200);
    }
    return text(404, 'Not found');
  }

  return daemon;
}

export type FakeTunnelDaemon = ReturnType<typeof createFakeTunnelDaemon>;
