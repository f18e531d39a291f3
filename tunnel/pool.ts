/**
 * The tunnels (wsrx "instances"): one local TCP listener per platform-proxy URL and site. Every
 * connection accepted on it is bridged over its own WebSocket. A site asking again for a URL it
 * already has gets the existing tunnel back (checked before binding, so a fixed port never fails
 * on its own tunnel); removing a tunnel closes its listener and cuts its live connections.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { formatHostPort, parseHostPort } from './address.js';
import { bridge } from './bridge.js';

export type Log = (message: string) => void;

export interface TunnelInstance {
  label: string;
  /** The platform proxy's WebSocket URL. */
  remote: string;
  /** The bound `ip:port`. */
  local: string;
  /** Half the round trip of the last probe in ms, -1 when unknown or unreachable. */
  latency: number;
  /** The site (Origin) that owns it. */
  scope: string;
}

export interface AddRequest {
  remote: string;
  /** `host:port`; defaults to `127.0.0.1:0`. */
  local?: string;
  label?: string;
}

/** A refusal with the HTTP status and the plain-text message the wsrx API answers with. */
export class PoolError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Entry extends TunnelInstance {
  server: Server;
  sockets: Set<Socket>;
}

export interface PoolOptions {
  log?: Log;
  halfCloseGraceMs?: number;
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port }, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export class InstancePool {
  private readonly entries = new Map<string, Entry>();
  /** Adds under way, by scope and remote, so that concurrent asks share one listener. */
  private readonly adding = new Map<string, Promise<TunnelInstance>>();
  private readonly log: Log;

  constructor(private readonly options: PoolOptions = {}) {
    this.log = options.log ?? (() => {});
  }

  list(scope?: string): TunnelInstance[] {
    return [...this.entries.values()]
      .filter((entry) => scope === undefined || entry.scope === scope)
      .map(({ label, remote, local, latency, scope: owner }) => ({
        label,
        remote,
        local,
        latency,
        scope: owner,
      }));
  }

  add(scope: string, request: AddRequest): Promise<TunnelInstance> {
    const existing = this.find(scope, request.remote);
    if (existing) {
      if (request.label) existing.label = request.label;
      return Promise.resolve(this.view(existing));
    }
    const key = `${scope}\n${request.remote}`;
    const inFlight = this.adding.get(key);
    if (inFlight) return inFlight;
    const added = this.open(scope, request).finally(() => this.adding.delete(key));
    this.adding.set(key, added);
    return added;
  }

  remove(scope: string, local: string): void {
    const entry = this.entries.get(local);
    if (!entry) throw new PoolError(400, `Tunnel ${local} not found`);
    if (entry.scope !== scope) {
      throw new PoolError(400, `Tunnel ${local} not found in scope ${scope}`);
    }
    this.close(entry);
  }

  /** Drops every tunnel of a site (its permission was withdrawn). */
  removeScope(scope: string): void {
    for (const entry of this.entries.values()) if (entry.scope === scope) this.close(entry);
  }

  setLatency(local: string, latency: number): void {
    const entry = this.entries.get(local);
    if (entry) entry.latency = latency;
  }

  closeAll(): void {
    for (const entry of this.entries.values()) this.close(entry);
  }

  private find(scope: string, remote: string): Entry | undefined {
    for (const entry of this.entries.values()) {
      if (entry.scope === scope && entry.remote === remote) return entry;
    }
    return undefined;
  }

  private view(entry: Entry): TunnelInstance {
    const { label, remote, local, latency, scope } = entry;
    return { label, remote, local, latency, scope };
  }

  private async open(scope: string, request: AddRequest): Promise<TunnelInstance> {
    const wanted = request.local ?? '127.0.0.1:0';
    const address = parseHostPort(wanted);
    if (!address) throw new PoolError(400, `failed to parse local address ${wanted}`);
    const server = createServer({ allowHalfOpen: true });
    let bound: AddressInfo;
    try {
      bound = await listen(server, address.host, address.port);
    } catch (error) {
      throw new PoolError(500, `failed to bind tcp address ${wanted}: ${(error as Error).message}`);
    }
    const entry: Entry = {
      label: request.label || `inst-${randomBytes(4).toString('hex')}`,
      remote: request.remote,
      local: formatHostPort({ host: bound.address, port: bound.port }),
      latency: -1,
      scope,
      server,
      sockets: new Set(),
    };
    server.on('connection', (socket) => this.accept(entry, socket));
    this.entries.set(entry.local, entry);
    this.log(
      `Tunnel ${entry.local} → ${entry.remote} (${entry.label}) opened for ${scope || 'this computer'}`,
    );
    return this.view(entry);
  }

  private accept(entry: Entry, socket: Socket): void {
    entry.sockets.add(socket);
    void bridge(socket, entry.remote, {
      halfCloseGraceMs: this.options.halfCloseGraceMs,
      onError: (error) => this.log(`Tunnel ${entry.local}: ${error.message}`),
    }).finally(() => entry.sockets.delete(socket));
  }

  private close(entry: Entry): void {
    this.entries.delete(entry.local);
    entry.server.close();
    for (const socket of entry.sockets) socket.destroy();
    this.log(`Tunnel ${entry.local} → ${entry.remote} closed`);
  }
}
