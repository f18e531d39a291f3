import type { Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { DatabaseLogger, DialectName } from './dialects/index.js';
import { openPostgres } from './dialects/postgres.js';
import { openSqlite } from './dialects/sqlite.js';
import { migrateToLatest } from './migrations/migrate.js';

export type { DatabaseLogger, DialectName } from './dialects/index.js';

/**
 * Where the database lives, so that another thread can open its own connection to it (the
 * scoreboard worker). An in-memory SQLite database cannot be shared: its file is `:memory:`.
 */
export type DatabaseSource =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  source: DatabaseSource;
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
  let source: DatabaseSource;
  if (opts.databaseUrl) {
    db = openPostgres(opts.databaseUrl, logger);
    source = { dialect: 'postgres', url: opts.databaseUrl };
    logger?.info('Database: PostgreSQL');
  } else {
    const sqlite = openSqlite(opts.dataDir);
    db = sqlite.db;
    source = { dialect: 'sqlite', file: sqlite.location };
    logger?.info(`Database: SQLite at ${sqlite.location}`);
  }
  const dialect: DialectName = source.dialect;

  let closed: Promise<void> | undefined;
  const close = () => (closed ??= db.destroy());
  try {
    await migrateToLatest(db, dialect, logger);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, source, close };
}
