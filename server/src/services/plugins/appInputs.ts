/**
 * What the app is built from (configuration, database, log store, logger), and the first
 * decorators: `app.config`, `app.database`, `app.db` and `app.logStore`.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { SessionLookup } from '../../domain/sessionUser.js';
import type { LogStore } from '../logStore.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    database: Database;
    logStore: LogStore;
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  logStore: LogStore;
  logger: Logger;
  /** Override how session cookies are resolved (tests); defaults to the sessions table. */
  lookupSession?: SessionLookup;
}

export const configPlugin = servicePlugin('config', (_app, deps: AppDependencies) => deps.config);
export const databasePlugin = servicePlugin(
  'database',
  (_app, deps: AppDependencies) => deps.database,
);
export const dbPlugin = servicePlugin('db', (app) => app.database.db, ['database']);
export const logStorePlugin = servicePlugin(
  'logStore',
  (_app, deps: AppDependencies) => deps.logStore,
);
