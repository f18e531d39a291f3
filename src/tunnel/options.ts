/**
 * The player's tunnel options (seed §3), kept in local storage: the daemon's address, the name
 * the site gives itself when it asks the daemon (empty: the platform's title + " CTF"), and
 * whether tunnels listen for the local network too.
 */
import { TUNNEL_DEFAULT_API } from './states';

export interface TunnelOptions {
  api: string;
  /** Empty: follow the platform's title. */
  name: string;
  allowLan: boolean;
}

export const TUNNEL_OPTIONS_KEY = 'tunnelOptions';
export const DEFAULT_TUNNEL_OPTIONS: TunnelOptions = {
  api: TUNNEL_DEFAULT_API,
  name: '',
  allowLan: false,
};

/** The daemon's address must be an http(s) URL (a page may call http://127.0.0.1 from https). */
export function isDaemonAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function readTunnelOptions(): TunnelOptions {
  try {
    const stored = JSON.parse(localStorage.getItem(TUNNEL_OPTIONS_KEY) ?? '{}') as Partial<
      Record<keyof TunnelOptions, unknown>
    >;
    return {
      api:
        typeof stored.api === 'string' && isDaemonAddress(stored.api)
          ? stored.api
          : DEFAULT_TUNNEL_OPTIONS.api,
      name: typeof stored.name === 'string' ? stored.name : DEFAULT_TUNNEL_OPTIONS.name,
      allowLan: stored.allowLan === true,
    };
  } catch {
    return DEFAULT_TUNNEL_OPTIONS;
  }
}

export function writeTunnelOptions(options: TunnelOptions): void {
  try {
    localStorage.setItem(TUNNEL_OPTIONS_KEY, JSON.stringify(options));
  } catch {
    // quota or access errors: the options just do not persist
  }
}
