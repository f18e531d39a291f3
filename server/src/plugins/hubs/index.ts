/**
 * The live hubs of the contract (/hub/user, /hub/monitor, /hub/admin): SignalR's JSON hub
 * protocol over WebSocket, so the official SignalR clients connect. Outside /api and outside the
 * OpenAPI document. `app.hubs` exposes the timing (tests shorten it) and the open connections;
 * they are closed with a reconnect hint when the app closes (shutdown.ts). Signed-in connections
 * follow their session (sessionWatch.ts): they close once it no longer allows them.
 */
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { adminHub, forwardLogs } from './adminHub.js';
import { DEFAULT_TIMING } from './timing.js';
import { GameFeedGate } from './gameFeed.js';
import { HubGroups } from './groups.js';
import { HubClock } from './keepAlive.js';
import { monitorHub } from './monitorHub.js';
import { registerNegotiate } from './negotiate.js';
import { HubSessionWatch } from './sessionWatch.js';
import { sharedConnectionTokens } from './sharedTokens.js';
import { originGuard } from './origin.js';
import { servicePlugin } from '../../services/servicePlugin.js';
import { messageAudience } from '../../services/unlocks/noticeAudience.js';
import { registerHubSocket, type HubRuntime } from './socket.js';
import { userHub } from './userHub.js';

declare module 'fastify' {
  interface FastifyInstance {
    hubs: HubRuntime;
  }
}

export interface HubsOptions {
  /** The global rate limit, applied to negotiate and to the WebSocket request. */
  rateLimit?: onRequestHookHandler | null;
}

/** `app.hubs`: the hubs' timing, open connections, their groups and their clock. */
export const hubRuntimePlugin = servicePlugin(
  'hubs',
  (app): HubRuntime => {
    const timing = { ...DEFAULT_TIMING };
    const clock = new HubClock(timing);
    app.addHook('onClose', async () => clock.stop());
    return { timing, connections: new Set(), groups: new HubGroups(app.realtime), clock };
  },
  ['realtime'],
);

export const hubsPlugin = fp<HubsOptions>(
  async (app, { rateLimit }) => {
    await app.register(hubRuntimePlugin);
    const runtime = app.hubs;
    forwardLogs(app);
    const watch = new HubSessionWatch(app.db, app.clusterEvents, app.log, runtime.timing);
    runtime.sessions = watch;
    app.addHook('onClose', async () => watch.stop());

    await app.register(async (scope) => {
      // negotiate's body is empty (or ignored), whatever its content type says.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_r, _b, done) =>
        done(null, undefined),
      );
      const tokens = sharedConnectionTokens(app);
      const feed = new GameFeedGate(app.db, app.log, Date.now, (gameId, message, now) =>
        messageAudience(app, gameId, message, now),
      );
      const hubs = [userHub(feed), monitorHub, adminHub];
      const onRequest = [...(rateLimit ? [rateLimit] : []), originGuard(app.config)];
      for (const hub of hubs) {
        registerNegotiate(scope, hub.path, tokens, onRequest);
        registerHubSocket(scope, hub, tokens, runtime, onRequest);
      }
    });
  },
  { name: 'vexil-hubs', dependencies: ['@fastify/websocket'] },
);
