/**
 * How the app's WebSockets end when it closes (@fastify/websocket's `preClose`, set in
 * app/external.ts): hub connections first, with a close message that allows a reconnect (a SignalR client with
 * automatic reconnect comes back, to this instance once restarted or to another one), then every
 * other socket (the TCP proxy's). The plugin's default closes every socket without a message, and
 * runs before any `preClose` hook the hubs could add, hence this replacement.
 */
import type { FastifyInstance } from 'fastify';

export async function closeWebSockets(this: FastifyInstance): Promise<void> {
  if (this.hasDecorator('hubs')) {
    for (const connection of this.hubs.connections) connection.close(undefined, true);
  }
  for (const client of this.websocketServer.clients) client.close();
  await new Promise<void>((resolve) => this.websocketServer.close(() => resolve()));
}
