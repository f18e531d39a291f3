/**
 * Test doubles for the daemon's tests: a TCP echo "container" behind a small WebSocket-to-TCP
 * proxy shaped like the platform's (`/api/proxy/{id}`: plain requests answer 204 while the id
 * is live and 404 once not, upgrades relay bytes to the echo server), and a TCP client helper.
 */
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { createWebSocketStream, WebSocketServer, type WebSocket } from 'ws';

export interface FakePlatform {
  proxyUrl: (id: string) => string;
  /** Makes an id unknown: probes get 404, upgrades are refused, live sessions are cut. */
  destroy: (id: string) => void;
  /** Every WebSocket the proxy accepted, open or closed. */
  sessions: WebSocket[];
  close: () => Promise<void>;
}

const listening = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

/** `replyDelayMs` makes the echo answer late, like a service that takes time to reply. */
export async function startFakePlatform(
  liveIds: string[],
  { replyDelayMs = 0 } = {},
): Promise<FakePlatform> {
  const live = new Set(liveIds);
  const echo = createServer({ allowHalfOpen: true }, (socket) => {
    const later = (act: () => void) => setTimeout(() => socket.writable && act(), replyDelayMs);
    socket.on('data', (chunk) => later(() => socket.write(chunk)));
    socket.on('end', () => later(() => socket.end()));
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));

  const idOf = (url = '') => /^\/api\/proxy\/([^/?]+)/.exec(url)?.[1];
  const http = createHttpServer((request, response) => {
    response.writeHead(live.has(idOf(request.url) ?? '') ? 204 : 404).end();
  });
  const sessions: WebSocket[] = [];
  const owners = new Map<WebSocket, string>();
  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (request, socket, head) => {
    const id = idOf(request.url) ?? '';
    if (!live.has(id)) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sessions.push(ws);
      owners.set(ws, id);
      const tcp = connect((echo.address() as AddressInfo).port, '127.0.0.1');
      const stream = createWebSocketStream(ws);
      stream.pipe(tcp).pipe(stream);
      stream.on('error', () => tcp.destroy());
      tcp.on('error', () => stream.destroy());
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  return {
    proxyUrl: (id) => `ws://127.0.0.1:${listening(http)}/api/proxy/${id}`,
    destroy: (id) => {
      live.delete(id);
      for (const [ws, owner] of owners) if (owner === id) ws.terminate();
    },
    sessions,
    close: async () => {
      for (const ws of sessions) ws.terminate();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => echo.close(() => resolve()));
    },
  };
}

/** Opens a TCP connection to `ip:port`. */
export function dial(address: string): Promise<Socket> {
  const [host, port] = [
    address.slice(0, address.lastIndexOf(':')),
    address.slice(address.lastIndexOf(':') + 1),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host.replace(/^\[|\]$/g, ''), () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the socket receives until it closes. */
export function readAll(socket: Socket): Promise<Buffer> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks))));
}

/** Resolves once `size` bytes arrived (the socket stays open). */
export function receive(socket: Socket, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let got = 0;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got >= size) {
        socket.off('data', onData);
        resolve(Buffer.concat(chunks));
      }
    };
    socket.on('data', onData);
    socket.once('close', () => got < size && reject(new Error(`closed after ${got} bytes`)));
  });
}
