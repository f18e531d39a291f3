/**
 * Stopping without dropping anyone (SIGTERM and SIGINT, main.ts): `app.stopGracefully()`
 *
 * 1. stops accepting connections, but keeps the open ones (Node's `server.close()` would also
 *    close every idle kept-alive connection at once, resetting a request its client is sending
 *    on it at that instant: the reset of issue 13);
 * 2. lets the requests in flight finish, their answers carrying `Connection: close`; a request
 *    arriving on a kept-alive connection meanwhile gets 503 `{title, status}` with `Retry-After`
 *    and `Connection: close` (a client or proxy sends it again elsewhere, or later);
 * 3. ends a connection once it has been idle for IDLE_CLOSE_MS (a client that was about to reuse
 *    it has done so by then), so that the stop ends as soon as every connection is gone;
 * 4. after `timeoutMs`, drops the connections still open, then closes the app: hub connections
 *    get a close message that allows a reconnect (hubs/shutdown.ts), the flag checker stops after
 *    its current batch (what it had queued stays `FlagSubmitted` and is checked at the next
 *    start), then the database and Redis are closed.
 */
import type { Socket } from 'node:net';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drains the connections (bounded), then closes the app. */
    stopGracefully(): Promise<void>;
  }
}

/** How long a connection stays open, idle, once the stop has begun. */
export const IDLE_CLOSE_MS = 1_000;
/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;
const POLL_MS = 50;
const STOPPING_BODY = Buffer.from(
  JSON.stringify({
    title: 'The server is restarting; try again shortly',
    status: 503,
  } satisfies ErrorBody),
);

interface Connection {
  /** Requests received and not yet answered. */
  active: number;
  /** When the last answer ended (or the connection opened). */
  idleSince: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerGracefulStop(app: FastifyInstance, timeoutMs: number): void {
  const connections = new Map<Socket, Connection>();
  let stopping: Promise<void> | undefined;

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: 0, idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.active++;
    response.once('close', () => {
      connection.active--;
      connection.idleSince = Date.now();
    });
  });
  // A WebSocket (hubs, proxy) is the hubs' to close, with its own message.
  app.server.on('upgrade', (request) => connections.delete(request.socket));

  // First of every hook, and answered here: nothing else (cookies, sessions, rate limits,
  // handlers, other hooks) runs for these.
  app.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    reply.hijack();
    reply.raw.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': STOPPING_BODY.length,
      'retry-after': String(RETRY_AFTER_SECONDS),
      connection: 'close',
    });
    reply.raw.end(STOPPING_BODY);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });

  const drain = async () => {
    const began = Date.now();
    // net.Server#close: no new connections; the open ones stay (see the top of the file).
    if (app.server.listening) NetServer.prototype.close.call(app.server);
    while (connections.size > 0 && Date.now() - began < timeoutMs) {
      const now = Date.now();
      for (const [socket, connection] of connections) {
        const idleFor = now - Math.max(connection.idleSince, began);
        if (connection.active === 0 && idleFor >= IDLE_CLOSE_MS) socket.end();
      }
      await sleep(POLL_MS);
    }
    if (connections.size > 0) {
      app.log.warn(
        `Stopping: ${connections.size} connections still busy after ${timeoutMs} ms; closing them`,
      );
      for (const socket of connections.keys()) socket.destroy();
    }
  };

  app.decorate('stopGracefully', () => {
    stopping ??= (async () => {
      await drain();
      await app.close();
    })();
    return stopping;
  });
}
