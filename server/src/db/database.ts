import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { DatabaseLogger, DialectName } from './dialects/index.js';
import { openPostgres } from './dialects/postgres.js';
import { openSqlite } from './dialects/sqlite.js';
import { migrateToLatest } from './migrations/migrate.js';

export type { DatabaseLogger, DialectName } from './dialects/index.js';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Closes the connection (pool); calling it again does nothing. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Folder of the SQLite file `vexil.db`; `:memory:` for a throw-away in-memory database. */
  dataDir: string;
  /** A PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl?: string;
  logger?: DatabaseLogger;
}

/** Opens the database chosen by the options and brings its schema up to date. */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const { logger } = opts;
  let db: Kysely<DB>;
  let dialect: DialectName;
  if (opts.databaseUrl) {
    db = openPostgres(opts.databaseUrl, logger);
    dialect = 'postgres';
    logger?.info('Database: PostgreSQL');
  } else {
    const sqlite = openSqlite(opts.dataDir);
    db = sqlite.db;
    dialect = 'sqlite';
    logger?.info(`Database: SQLite at ${sqlite.location}`);
  }

  let closed: Promise<void> | undefined;
  const close = () => (closed ??= db.destroy());
  try {
    await migrateToLatest(db, dialect, logger);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, close };
}
