/** `node build/server/main.mjs`: serves the API and the web client until SIGINT/SIGTERM. */
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { storageFault } from './db/faults.js';
import { listenWhileStarting } from './http/startingServer.js';
import { handleProcessFaults } from './processFaults.js';
import { createServer } from './server.js';
import { serviceProbes } from './services/readiness/probes.js';
import { printStartBanner } from './startBanner.js';
import { createLogger } from './services/logger.js';
import { LogStore } from './services/logStore.js';

const config = loadConfig();
/**
 * Connections the kernel may hold waiting for an accept. Node asks for 511; after a restart every
 * hub client reconnects within a second or two, thousands at once, and those past the queue are
 * dropped and retried a second later. Linux caps it at `net.core.somaxconn` (docs/deploy.md).
 */
const LISTEN_BACKLOG = 4096;
// Until the app exists (it waits for its database), the start logs with a logger of its own.
const startLog = createLogger(config.logLevel, new LogStore());
let app: FastifyInstance | undefined;

handleProcessFaults({
  log: () => app?.log ?? startLog,
  isStorageFault: (error) =>
    (app ? app.database.health.failed(error) : storageFault(error)) !== null,
  shutDown: () => (app ? void shutdown('An uncaught exception', 1) : process.exit(1)),
});

// The port answers at once (503 until the database is reachable and migrated; /readyz says when).
const startingProbes = serviceProbes(config);
const starting = await listenWhileStarting(config.port, config.host, startingProbes.probes).catch(
  (error: unknown) => {
    startLog.fatal({ err: error }, 'Could not start the server');
    process.exit(1);
  },
);
try {
  app = await createServer(config);
  await app.ready();
} catch (error) {
  // Gave up waiting for the database, or it refused us (wrong password, failed migration).
  startLog.fatal({ err: error }, 'Could not start the server');
  process.exit(1);
}
await starting.close();
startingProbes.close();

/** Beyond the drain (VEXIL_SHUTDOWN_TIMEOUT), what closing the checker, database and Redis gets. */
const CLOSE_GRACE_MS = 5_000;

let closing = false;
async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (closing || !app) return;
  closing = true;
  app.log.info(`${signal} received: finishing the requests in flight, then stopping`);
  const forceExit = setTimeout(
    () => {
      app.log.error('Shutdown did not finish in time; exiting');
      process.exit(1);
    },
    config.shutdownTimeoutSeconds * 1000 + CLOSE_GRACE_MS,
  );
  forceExit.unref();
  try {
    await app.stopGracefully();
    process.exit(exitCode);
  } catch (error) {
    app.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  await printStartBanner(app, config);
} catch (error) {
  app.log.fatal({ err: error }, 'Could not start the server');
  process.exit(1);
}
