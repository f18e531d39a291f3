/**
 * What answers on the port while Vexil waits for its database at start: `/healthz` says the
 * process lives (200), `/readyz` that it is not ready (503) with the state of each dependency
 * (the database unreachable, Redis and the Docker engine asked as the app's `/readyz` asks them,
 * so an operator sees at once whether only the database is missing), and every other request
 * (WebSocket upgrades too) gets 503 `{title, status}` with `Retry-After`. The app takes the port
 * over once the database is reachable and migrated. A bare HTTP server: nothing here needs the app.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { readiness, type DependencyProbe } from '../domain/readiness.js';

export const STARTING_RETRY_AFTER_SECONDS = 5;
const TITLE = 'Vexil is starting: the database is not reachable yet';

export interface StartingServer {
  /** Stops listening and closes its connections (the app listens next). */
  close(): Promise<void>;
}

function json(status: number, body: unknown): { head: Record<string, string>; text: string } {
  const text = JSON.stringify(body);
  return {
    head: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // The app answers on the same port soon: no connection is kept for it.
      connection: 'close',
      ...(status === 503 ? { 'retry-after': String(STARTING_RETRY_AFTER_SECONDS) } : {}),
    },
    text,
  };
}

async function answer(
  request: IncomingMessage,
  services: DependencyProbe[],
): Promise<{ status: number; body: unknown }> {
  const path = (request.url ?? '/').split('?')[0].toLowerCase().replace(/\/+$/, '');
  if (path === '/healthz') return { status: 200, body: { status: 'ok', database: 'starting' } };
  if (path === '/readyz') {
    const { body } = await readiness(services, false);
    return { status: 503, body: { ...body, status: 'starting', database: 'unreachable' } };
  }
  return { status: 503, body: { title: TITLE, status: 503 } };
}

/** `services`: the probes of Redis and the Docker engine when configured (serviceProbes). */
export function listenWhileStarting(
  port: number,
  host: string,
  services: DependencyProbe[] = [],
): Promise<StartingServer> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void answer(request, services).then(({ status, body }) => {
      const { head, text } = json(status, body);
      response.writeHead(status, head);
      response.end(request.method === 'HEAD' ? undefined : text);
    });
  });
  server.on('upgrade', (_request: IncomingMessage, socket: Socket) => {
    const { head, text } = json(503, { title: TITLE, status: 503 });
    const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
    socket.end(`HTTP/1.1 503 Service Unavailable\r\n${lines.join('\r\n')}\r\n\r\n${text}`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
