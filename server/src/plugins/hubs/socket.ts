/**
 * `GET <hub>?id=<connectionToken>` upgraded to a WebSocket. A token negotiate did not issue (or
 * one already used) is refused with 404 before the upgrade; without `id` the client skipped
 * negotiation, which the WebSockets transport allows. Role and game are checked after the upgrade;
 * a signed-in connection then follows its session (sessionWatch.ts).
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { hashSessionToken } from '../../db/repositories/sessions.js';
import { SESSION_COOKIE } from '../auth.js';
import { HubConnection } from './connection.js';
import type { HubTiming } from './timing.js';
import type { HubGroups } from './groups.js';
import type { HubDefinition } from './hub.js';
import type { HubClock } from './keepAlive.js';
import type { HubTokens } from './negotiate.js';
import type { HubSessionWatch } from './sessionWatch.js';

export interface HubRuntime {
  timing: HubTiming;
  connections: Set<HubConnection>;
  /** The groups connections join: one bus subscription each, however many members. */
  groups: HubGroups;
  /** Pings and timeouts of every connection, on one timer. */
  clock: HubClock;
  /** Keeps signed-in connections in step with their sessions (set once the hubs are registered). */
  sessions?: HubSessionWatch;
}

export function registerHubSocket(
  app: FastifyInstance,
  hub: HubDefinition,
  tokens: HubTokens,
  runtime: HubRuntime,
  onRequest: onRequestHookHandler[],
): void {
  app.route<{ Querystring: { id?: string } }>({
    method: 'GET',
    url: hub.path,
    websocket: true,
    schema: { hide: true },
    onRequest,
    preHandler: async (request, reply) => {
      const { id } = request.query;
      if (id !== undefined && tokens.redeem(id) === undefined) {
        return reply.code(404).send({ title: 'No connection with that id', status: 404 });
      }
    },
    handler: (socket, request) => {
      const token = request.cookies[SESSION_COOKIE];
      const connection = new HubConnection({
        socket,
        admission: hub.admit(request),
        groups: runtime.groups,
        clock: runtime.clock,
        log: request.log,
        session: request.user && token ? { id: hashSessionToken(token), user: request.user } : null,
        watch: runtime.sessions,
      });
      runtime.connections.add(connection);
      void connection.closed.then(() => runtime.connections.delete(connection));
    },
  });
}
