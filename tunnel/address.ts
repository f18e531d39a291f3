/**
 * Local addresses as the wsrx API writes them: `host:port` with an IP literal, IPv6 in brackets
 * (`127.0.0.1:0`, `0.0.0.0:0`, `[::1]:0`); port 0 asks for any free port.
 */
import { isIP } from 'node:net';

export interface HostPort {
  host: string;
  port: number;
}

export function parseHostPort(text: string): HostPort | undefined {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text.trim());
  if (!match) return undefined;
  const host = match[1] ?? match[2];
  const port = Number(match[3]);
  const family = isIP(host);
  if (family === 0 || (match[1] !== undefined && family !== 6) || port > 65_535) return undefined;
  return { host, port };
}

export function formatHostPort({ host, port }: HostPort): string {
  return isIP(host) === 6 ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * The WebSocket URL of a platform proxy, checked (only ws:// and wss:// are tunnelled) but kept as
 * written: clients find their tunnels again by comparing this string.
 */
export function parseRemote(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? text : undefined;
  } catch {
    return undefined;
  }
}
