/** `node build/server/main.mjs`: serves the API and the web client until SIGINT/SIGTERM. */
import { loadConfig } from './config.js';
import { createServer } from './server.js';

const config = loadConfig();
const app = await createServer(config);

/** Beyond the drain (VEXIL_SHUTDOWN_TIMEOUT), what closing the checker, database and Redis gets. */
const CLOSE_GRACE_MS = 5_000;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
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
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'Could not start the server');
  process.exit(1);
}
