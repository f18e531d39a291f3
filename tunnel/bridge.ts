/**
 * One local TCP connection carried over its own WebSocket to the platform proxy (tunnel contract
 * §3.2, §4.2): nothing is read from the socket until the WebSocket is open; a failed handshake
 * drops the local connection at once. TCP bytes go out as binary messages, any message (binary or
 * text) comes back as raw bytes, with backpressure both ways.
 *
 * The proxy has no half-close, so a local EOF would lose a reply still on its way (`nc -N`, a file
 * piped into a client). After a local EOF the WebSocket stays open for a short grace period, or
 * until the platform closes it, so that reply still arrives; then both sides close together.
 */
import type { Socket } from 'node:net';
import { WebSocket, type RawData } from 'ws';

/** Pause reading the local socket while this much waits to reach the platform. */
export const WEBSOCKET_HIGH_WATER = 1024 * 1024;
/** The platform's messages are small (one per TCP read); refuse anything absurd. */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
const HANDSHAKE_TIMEOUT_MS = 10_000;
const FLUSH_LIMIT_MS = 5_000;

export interface BridgeOptions {
  /** How long the WebSocket stays open after the local side sent EOF. */
  halfCloseGraceMs?: number;
  /** Called once with why the connection ended early (handshake refused, network error). */
  onError?: (error: Error) => void;
}

const asBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data as ArrayBuffer);

/** Pipes `tcp` to `remote` until either side ends; resolves once both are closed. */
export function bridge(tcp: Socket, remote: string, options: BridgeOptions = {}): Promise<void> {
  const { halfCloseGraceMs = 2_000, onError } = options;
  tcp.pause();
  const ws = new WebSocket(remote, {
    perMessageDeflate: false,
    maxPayload: MAX_MESSAGE_BYTES,
    handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
  });
  let graceTimer: NodeJS.Timeout | undefined;

  ws.on('open', () => {
    if (tcp.destroyed) return ws.close();
    tcp.resume();
  });
  ws.on('error', (error) => {
    onError?.(error);
    tcp.destroy();
  });

  // Platform → local.
  ws.on('message', (data) => {
    const bytes = asBuffer(data);
    if (bytes.length === 0 || !tcp.writable) return;
    if (!tcp.write(bytes)) {
      ws.pause();
      tcp.once('drain', () => ws.resume());
    }
  });
  ws.on('close', () => {
    clearTimeout(graceTimer);
    if (tcp.destroyed) return;
    // Deliver what is queued, but never wait forever on a local reader that stopped reading.
    const flushLimit = setTimeout(() => tcp.destroy(), FLUSH_LIMIT_MS);
    tcp.end(() => {
      clearTimeout(flushLimit);
      tcp.destroy();
    });
  });

  // Local → platform.
  const resumeWhenDrained = () => {
    if (tcp.isPaused() && ws.bufferedAmount <= WEBSOCKET_HIGH_WATER) tcp.resume();
  };
  tcp.on('data', (chunk: Buffer) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send(chunk, { binary: true }, resumeWhenDrained);
    if (ws.bufferedAmount > WEBSOCKET_HIGH_WATER) tcp.pause();
  });
  tcp.on('end', () => {
    graceTimer = setTimeout(() => ws.close(), halfCloseGraceMs);
  });
  tcp.on('error', () => tcp.destroy());
  tcp.on('close', () => {
    clearTimeout(graceTimer);
    if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
    else if (ws.readyState === WebSocket.OPEN) ws.close();
  });

  const wsClosed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  const tcpClosed = new Promise<void>((resolve) =>
    tcp.destroyed ? resolve() : tcp.once('close', () => resolve()),
  );
  return Promise.all([wsClosed, tcpClosed]).then(() => undefined);
}
