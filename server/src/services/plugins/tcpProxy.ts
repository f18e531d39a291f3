/**
 * The services behind the proxy and capture operations: `app.captures` (pcap files under
 * `$VEXIL_DATA/captures`, unfinished ones swept) and `app.tcpProxy` (checks, connection slots,
 * timing; tests shorten it).
 */
import { join } from 'node:path';
import { CaptureStore } from '../captureStore.js';
import { ProxyService } from '../proxy/proxyService.js';
import { servicePlugin } from '../servicePlugin.js';

const PARTIAL_GRACE_MS = 5 * 60_000;
const SWEEP_INTERVAL_MS = 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    captures: CaptureStore;
    tcpProxy: ProxyService;
  }
}

export const capturesPlugin = servicePlugin(
  'captures',
  (app) => new CaptureStore(join(app.config.dataDir, 'captures')),
  ['config'],
);

export const tcpProxyPlugin = servicePlugin(
  'tcpProxy',
  (app) => {
    const { captures } = app;
    const tcpProxy = new ProxyService(app.db, app.settings, captures);
    // A destroyed container is unknown at once, not after the existence cache's 10 minutes.
    app.containers.onDestroyed((id) => tcpProxy.forget(id));
    // Open sessions end with the server, and their captures are stored before it stops.
    app.addHook('preClose', () => tcpProxy.shutdown());
    // Recordings a crash left unfinished: swept at start and every hour, once older than any
    // session can be.
    const sweep = () =>
      captures
        .sweepPartial(tcpProxy.timing.sessionLimitMs + PARTIAL_GRACE_MS)
        .then((removed) => {
          if (removed > 0) app.log.info(`Removed ${removed} unfinished traffic capture(s)`);
        })
        .catch((error: Error) =>
          app.log.warn({ err: error }, 'Could not sweep unfinished captures'),
        );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
    return tcpProxy;
  },
  ['config', 'db', 'settings', 'containers', 'captures'],
);
