/**
 * The services behind the proxy and capture operations: `app.captures` (pcap files under
 * `$VEXIL_DATA/captures`) and `app.tcpProxy` (checks, connection slots, timing; tests shorten it).
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import { CaptureStore } from '../services/captureStore.js';
import { ProxyService } from '../services/proxy/proxyService.js';

declare module 'fastify' {
  interface FastifyInstance {
    captures: CaptureStore;
    tcpProxy: ProxyService;
  }
}

export const tcpProxyPlugin = fp(
  async (app) => {
    const captures = new CaptureStore(join(app.config.dataDir, 'captures'));
    app.decorate('captures', captures);
    app.decorate('tcpProxy', new ProxyService(app.db, app.settings, captures));
    // A destroyed container is unknown at once, not after the existence cache's 10 minutes.
    app.containers.onDestroyed((id) => app.tcpProxy.forget(id));
    // Open sessions end with the server, and their captures are stored before it stops.
    app.addHook('preClose', () => app.tcpProxy.shutdown());
  },
  { name: 'vexil-tcp-proxy' },
);
