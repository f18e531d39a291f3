/** Wires configuration, logging and storage into a running app (used by main.ts and tests). */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { openDatabaseWhenReachable } from './db/openWhenReachable.js';
import { insertLogs } from './db/repositories/logs.js';
import { createLogger } from './services/logger.js';
import { LogStore } from './services/logStore.js';
import { ensureAdminAccount } from './services/bootstrapAdmin.js';
import { productionPitfalls } from './startWarnings.js';
import type { SessionLookup } from './domain/sessionUser.js';

export interface StartOptions {
  /** Use this database instead of opening the configured one (tests); it is closed with the app. */
  database?: Database;
  lookupSession?: SessionLookup;
}

export async function createServer(
  config: Config,
  options: StartOptions = {},
): Promise<FastifyInstance> {
  const logStore = new LogStore();
  const logger = createLogger(config.logLevel, logStore);
  const database =
    options.database ??
    (await openDatabaseWhenReachable(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      {
        log: { info: (msg: string) => logger.info(msg), warn: (msg: string) => logger.warn(msg) },
        giveUpAfterMs: config.databaseStartTimeoutSeconds * 1000,
      },
    ));
  logStore.attach({ write: (entries) => insertLogs(database.db, entries) });

  const app = await buildApp({
    config,
    database,
    logStore,
    logger,
    lookupSession: options.lookupSession,
  });
  database.health.useLogger({
    info: (msg: string) => app.log.info(msg),
    warn: (msg: string) => app.log.warn(msg),
  });
  app.addHook('onClose', async () => {
    await logStore.close();
    // A database handed in by the caller stays open: whoever opened it closes it.
    if (!options.database) await database.close();
  });
  if (config.adminPassword) await ensureAdminAccount(database.db, config.adminPassword, app.log);
  for (const pitfall of productionPitfalls(config)) app.log.warn(pitfall);
  return app;
}
