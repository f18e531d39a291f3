/**
 * The smallest client of Vexil's hubs that speaks the real protocol, as the official SignalR
 * client does it: `POST <hub>/negotiate?negotiateVersion=1` for a connection token, the WebSocket
 * to `<hub>?id=<token>` with the session cookie, the JSON handshake `{"protocol":"json",
 * "version":1}` and its empty answer, records ended by 0x1E, a ping every 15 s. The official
 * `@microsoft/signalr` client would cost the load generator far more per socket (its own timers,
 * promise chains and a JSON parse of every record as it arrives); here a message is only stamped
 * with its arrival time and kept as bytes, and parsed after the measurement (records.ts).
 */
import WebSocket from 'ws';

export const RECORD_SEPARATOR = 0x1e;
const HANDSHAKE = Buffer.from('{"protocol":"json","version":1}\x1e');
export const PING = Buffer.from('{"type":6}\x1e');

export interface HubAddress {
  /** `http://host:port` the socket goes through (an instance, or the balancer). */
  base: string;
  /** `/hub/user` … */
  path: string;
  /** `game=1`, or empty. */
  query: string;
  /** `vexil_session=…`, or undefined (anonymous). */
  cookie?: string;
}

/** Milliseconds since the epoch, fractional: the clock arrivals are stamped with. */
export const arrivalClock = () => performance.timeOrigin + performance.now();

async function negotiate(address: HubAddress): Promise<string> {
  const response = await fetch(`${address.base}${address.path}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: address.cookie ? { cookie: address.cookie } : {},
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok) throw new Error(`negotiate answered ${response.status}`);
  const body = (await response.json()) as { connectionToken?: string };
  if (!body.connectionToken) throw new Error('negotiate gave no connection token');
  return body.connectionToken;
}

export class HubSocket {
  private socket?: WebSocket;
  /** Set once the socket closes (by either side). */
  closedAt?: number;

  constructor(
    readonly index: number,
    private readonly address: HubAddress,
    private readonly onArrival: (socket: HubSocket, data: Buffer) => void,
  ) {}

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Negotiates, connects and completes the handshake; rejects on any refusal. */
  async open(): Promise<void> {
    const { base, path, query, cookie } = this.address;
    const token = await negotiate(this.address);
    const search = `${query ? `${query}&` : ''}id=${encodeURIComponent(token)}`;
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}?${search}`, {
      headers: cookie ? { cookie } : {},
      perMessageDeflate: false,
      handshakeTimeout: 60_000,
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade answered ${response.statusCode}`)),
      );
      socket.once('error', reject);
      socket.once('close', () => reject(new Error('closed during the handshake')));
      socket.once('open', () => socket.send(HANDSHAKE, { binary: false }));
      socket.once('message', (data: Buffer) => {
        // The handshake answer is `{}` alone, or `{"error":…}`.
        const text = data.toString();
        if (text.startsWith('{}\x1e')) resolve();
        else reject(new Error(`handshake answered ${text.slice(0, 200)}`));
      });
    });
    socket.removeAllListeners();
    socket.on('error', () => undefined);
    socket.on('message', (data: Buffer) => this.onArrival(this, data));
    socket.on('close', () => {
      this.closedAt = arrivalClock();
    });
  }

  ping(): void {
    if (this.isOpen) this.socket!.send(PING, { binary: false });
  }

  close(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      socket.terminate();
    });
  }
}
