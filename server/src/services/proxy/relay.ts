/**
 * The byte pump between a player's WebSocket and the container's TCP socket (tunnel contract
 * §1.5, §4.1): every client message (binary or text) goes to TCP as raw bytes, every TCP chunk
 * goes back as one binary message. No half-close: either side closing ends both. Backpressure is
 * explicit both ways, the session has a hard time limit, and pings keep intermediaries from
 * cutting idle tunnels.
 */
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import type { CaptureRecorder } from './captureRecorder.js';

export interface RelayTiming {
  /** Hard cap on a session, active or not. */
  sessionLimitMs: number;
  pingIntervalMs: number;
}

export interface RelayOptions extends RelayTiming {
  recorder?: CaptureRecorder;
}

/** Bytes client→container (tx) and container→client (rx). */
export interface RelayResult {
  tx: number;
  rx: number;
}

/** Pause reading the container while this much is waiting to reach the client. */
export const WEBSOCKET_HIGH_WATER = 1024 * 1024;
/** How long queued bytes may take to reach the container after the client closed. */
const FLUSH_GRACE_MS = 5000;

const asBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data as ArrayBuffer);

export function relay(ws: WebSocket, tcp: Socket, options: RelayOptions): Promise<RelayResult> {
  const { recorder } = options;
  const result: RelayResult = { tx: 0, rx: 0 };

  ws.on('message', (data) => {
    const bytes = asBuffer(data);
    if (bytes.length === 0 || tcp.destroyed) return;
    result.tx += bytes.length;
    recorder?.fromClient(bytes);
    if (!tcp.write(bytes)) {
      ws.pause();
      tcp.once('drain', () => ws.resume());
    }
  });

  const resumeWhenDrained = () => {
    if (tcp.isPaused() && ws.bufferedAmount <= WEBSOCKET_HIGH_WATER) tcp.resume();
  };
  tcp.on('data', (chunk: Buffer) => {
    result.rx += chunk.length;
    recorder?.fromContainer(chunk);
    ws.send(chunk, { binary: true }, resumeWhenDrained);
    if (ws.bufferedAmount > WEBSOCKET_HIGH_WATER) tcp.pause();
  });

  // The container closed its side: flush what is queued, then a close frame without a code.
  tcp.on('end', () => {
    recorder?.containerClosed();
    ws.close();
  });
  tcp.on('error', () => ws.terminate());
  tcp.on('close', () => {
    if (ws.readyState === ws.OPEN) ws.close();
  });

  // The client closed (or vanished): deliver what it sent, then drop the container connection.
  ws.on('close', () => {
    if (tcp.destroyed) return;
    const grace = setTimeout(() => tcp.destroy(), FLUSH_GRACE_MS);
    tcp.end(() => {
      clearTimeout(grace);
      tcp.destroy();
    });
  });

  const ping = setInterval(() => {
    if (ws.readyState === ws.OPEN) ws.ping();
  }, options.pingIntervalMs);
  const limit = setTimeout(() => {
    ws.close(1000, 'Session time limit reached');
    tcp.destroy();
  }, options.sessionLimitMs);

  const wsClosed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  const tcpClosed = new Promise<void>((resolve) =>
    tcp.destroyed ? resolve() : tcp.once('close', () => resolve()),
  );
  return Promise.all([wsClosed, tcpClosed]).then(() => {
    clearInterval(ping);
    clearTimeout(limit);
    return result;
  });
}
