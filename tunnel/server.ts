/**
 * The daemon's HTTP API, compatible with the wsrx desktop daemon as web clients use it (tunnel
 * contract §2, §4.2):
 *
 *   GET  /version  → 200 "0.5.0" (a bare JSON string, as the real daemon answers)
 *   GET  /connect  → 202 site accepted · 201 waiting for the user · 403 unknown site
 *   POST /connect  {name, features, host, state} → 201 now waiting · 202 already accepted
 *   GET  /pool     → 200 [{label, remote, local, from, to, latency}] of the calling site
 *   POST /pool     {remote|to, local|from?, label?} → 200 the tunnel (an existing one for that remote)
 *   DELETE /pool   {local|key} → 200 · 400 "Tunnel … not found"
 *
 * A site is the exact Origin of the request. `/version` and `/connect` answer any origin (a site
 * must see that it waits); `/pool` answers, and shows CORS headers to, accepted sites only.
 * Errors are plain text, as the wsrx clients show them. Requests naming any host other than
 * localhost or an IP address are refused, so that a DNS-rebinding page cannot reach the API.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { parseRemote } from './address.js';
import { LOCAL_SCOPE, type ScopeRegistry } from './consent.js';
import { PoolError, type InstancePool, type Log, type TunnelInstance } from './pool.js';

export const DAEMON_VERSION = '0.5.0';
const BODY_LIMIT_BYTES = 64 * 1024;

export interface DaemonOptions {
  registry: ScopeRegistry;
  pool: InstancePool;
  log?: Log;
}

/** Answers a request of a site (its Origin) with a status and a body. */
type Handler = (request: IncomingMessage, origin: string) => Promise<[number, unknown?]>;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function isLocalHost(host: string | undefined): boolean {
  if (host === undefined) return true;
  const name = host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  return name.toLowerCase() === 'localhost' || isIP(name) !== 0;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT_BYTES) throw new HttpFailure(413, 'Request body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpFailure(400, 'Invalid JSON body');
  }
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function optionalString(body: Record<string, unknown>, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new HttpFailure(400, `${name} must be a string`);
    return value;
  }
  return undefined;
}

const wire = ({ label, remote, local, latency }: TunnelInstance) => ({
  label,
  remote,
  local,
  from: local,
  to: remote,
  latency,
});

function send(response: ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    response.writeHead(status, { 'Content-Length': 0 }).end();
  } else if (typeof body === 'string' && status >= 400) {
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body);
  } else {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }
}

function setCors(
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
  methods: string,
) {
  response.setHeader('Access-Control-Allow-Origin', origin);
  if (origin !== '*') response.setHeader('Vary', 'Origin');
  if (request.method !== 'OPTIONS') return;
  response.setHeader('Access-Control-Allow-Methods', methods);
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ?? 'Content-Type',
  );
  response.setHeader('Access-Control-Max-Age', '600');
  // Chromium asks before a public page may call a loopback address.
  if (request.headers['access-control-request-private-network'] === 'true') {
    response.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
}

export function createDaemon({ registry, pool, log = () => {} }: DaemonOptions): Server {
  registry.on('removed', (scope) => pool.removeScope(scope.origin));
  registry.on('allowed', (scope) => log(`Accepted ${scope.origin}`));

  const connect: Handler = async (request, origin) => {
    if (origin === 'null')
      throw new HttpFailure(403, 'A page without an origin cannot use the daemon');
    if (request.method === 'GET') {
      if (origin === LOCAL_SCOPE) return [202];
      const scope = registry.get(origin);
      if (!scope) return [403, `Scope ${origin} not found`];
      return [scope.state === 'allowed' ? 202 : 201];
    }
    // The wsrx client needs all of host, name, state and features; a body it cannot read falls
    // back to the origin as the name.
    const body = asObject(await readJson(request).catch(() => undefined));
    if (origin === LOCAL_SCOPE) return [202];
    const scope = registry.request(origin, body);
    return [scope.state === 'allowed' ? 202 : 201];
  };

  const poolCall: Handler = async (request, origin) => {
    if (!registry.isAllowed(origin)) throw new HttpFailure(403, `Scope ${origin} is not allowed`);
    if (request.method === 'GET') return [200, pool.list(origin).map(wire)];
    const body = asObject(await readJson(request));
    if (request.method === 'DELETE') {
      const local = optionalString(body, 'local', 'key');
      if (local === undefined) throw new HttpFailure(400, 'local is required');
      pool.remove(origin, local);
      return [200];
    }
    const remote = parseRemote(optionalString(body, 'remote', 'to'));
    if (!remote) throw new HttpFailure(400, 'remote must be a ws:// or wss:// URL');
    const local = optionalString(body, 'local', 'from');
    const label = optionalString(body, 'label');
    const instance = await pool.add(origin, { remote, local, label });
    return [200, { ...wire(instance), scope_host: origin }];
  };

  const routes: Record<string, { methods: string; scoped: boolean; handle: Handler }> = {
    '/version': { methods: 'GET', scoped: false, handle: async () => [200, DAEMON_VERSION] },
    '/connect': { methods: 'GET, POST', scoped: false, handle: connect },
    '/pool': { methods: 'GET, POST, DELETE', scoped: true, handle: poolCall },
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (!isLocalHost(request.headers.host)) return send(response, 403, 'Host not allowed');
    const origin = request.headers.origin ?? LOCAL_SCOPE;
    const path = new URL(request.url ?? '/', 'http://daemon').pathname;
    const route = routes[path];
    if (!route) {
      response.setHeader('Access-Control-Allow-Origin', '*');
      return send(response, 404, 'Not found');
    }
    const corsOrigin = !route.scoped ? '*' : registry.isAllowed(origin) ? origin : undefined;
    if (corsOrigin !== undefined && origin !== LOCAL_SCOPE) {
      setCors(request, response, corsOrigin, route.methods);
    }
    if (request.method === 'OPTIONS') return send(response, corsOrigin ? 204 : 403);
    if (!route.methods.split(', ').includes(request.method ?? '')) {
      response.setHeader('Allow', route.methods);
      return send(response, 405, 'Method not allowed');
    }
    const [status, body] = await route.handle(request, origin);
    send(response, status, body);
  }

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const known = error instanceof HttpFailure || error instanceof PoolError;
      if (!known) log(`Request failed: ${(error as Error).message}`);
      if (response.headersSent) return void response.destroy();
      send(response, known ? error.status : 500, known ? error.message : 'Internal error');
    });
  });
}
