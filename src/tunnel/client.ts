/**
 * The calls to the local tunnel daemon (seed §7, tunnel contract §2), each turning its failure into
 * a TunnelError of the seed's kinds: no answer → daemon_unavailable; `/version` missing (404) or
 * below the minimum → daemon_version_mismatch; any other refusal → daemon_error with the daemon's
 * text. `GET /connect` never fails on a status: its status is the state.
 */
import { TunnelError } from './errors';
import {
  isVersionAtLeast,
  stateFromConnectStatus,
  TUNNEL_MIN_VERSION,
  versionOf,
  type TunnelState,
} from './states';

/** A tunnel as the daemon reports it. */
export interface TunnelInstance {
  label?: string;
  /** The platform proxy's WebSocket URL. */
  remote: string;
  /** The local `ip:port` it listens on. */
  local: string;
  /** Half the probe's round trip in ms; -1 when unknown. */
  latency?: number;
}

export interface TunnelRegistration {
  name: string;
  features: readonly string[];
}

export interface TunnelClient {
  readonly api: string;
  /** The daemon's version, once it is known to be recent enough. */
  checkVersion(): Promise<string>;
  connectState(): Promise<TunnelState>;
  register(registration: TunnelRegistration): Promise<void>;
  listPool(): Promise<TunnelInstance[]>;
  addToPool(request: { remote: string; local: string; label?: string }): Promise<TunnelInstance>;
  removeFromPool(local: string): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ERROR_TEXT = 300;

const isInstance = (value: unknown): value is TunnelInstance => {
  const instance = value as Partial<TunnelInstance> | null;
  return typeof instance?.remote === 'string' && typeof instance.local === 'string';
};

async function errorText(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).trim();
  return text ? text.slice(0, MAX_ERROR_TEXT) : `HTTP ${response.status}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new TunnelError('daemon_error', 'The daemon sent an unreadable answer');
  }
}

export function createTunnelClient(api: string): TunnelClient {
  const base = api.trim().replace(/\/+$/, '');

  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        headers: init.body ? { 'Content-Type': 'application/json' } : undefined,
        credentials: 'omit',
        cache: 'no-store',
        signal: controller.signal,
      });
    } catch (error) {
      throw new TunnelError('daemon_unavailable', (error as Error).message || 'No answer');
    } finally {
      clearTimeout(timer);
    }
  }

  async function ok(path: string, init?: RequestInit): Promise<Response> {
    const response = await send(path, init);
    if (!response.ok) throw new TunnelError('daemon_error', await errorText(response));
    return response;
  }

  const json = (method: string, body: unknown): RequestInit => ({
    method,
    body: JSON.stringify(body),
  });

  return {
    api: base,
    async checkVersion() {
      const response = await send('/version');
      if (response.status === 404) {
        throw new TunnelError('daemon_version_mismatch', 'The daemon has no version endpoint');
      }
      if (!response.ok) throw new TunnelError('daemon_error', await errorText(response));
      const version = versionOf(await readJson(response));
      if (!version || !isVersionAtLeast(version, TUNNEL_MIN_VERSION)) {
        throw new TunnelError('daemon_version_mismatch', version ?? 'unknown version');
      }
      return version;
    },
    async connectState() {
      const response = await send('/connect');
      void response.body?.cancel();
      return stateFromConnectStatus(response.status);
    },
    async register({ name, features }) {
      // `host` and `state` are required by the daemon's parser and ignored: it uses the Origin.
      await ok(
        '/connect',
        json('POST', { name, features, host: location.origin, state: 'pending' }),
      );
    },
    async listPool() {
      const body = await readJson(await ok('/pool'));
      return Array.isArray(body) ? body.filter(isInstance) : [];
    },
    async addToPool(request) {
      const body = await readJson(await ok('/pool', json('POST', request)));
      if (!isInstance(body)) throw new TunnelError('daemon_error', 'The daemon sent no tunnel');
      return body;
    },
    async removeFromPool(local) {
      await ok('/pool', json('DELETE', { local }));
    },
  };
}
