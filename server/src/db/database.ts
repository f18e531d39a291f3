import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { DatabaseLogger, DialectName } from './dialects/index.js';
import { openPostgres } from './dialects/postgres.js';
import { openSqlite } from './dialects/sqlite.js';
import { DatabaseHealth } from './health.js';
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
  /** Whether the database works right now; outages are logged here, once each. */
  health: DatabaseHealth;
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
  const health = new DatabaseHealth({ readsProveRecovery: Boolean(opts.databaseUrl) });
  if (opts.databaseUrl) {
    db = openPostgres(opts.databaseUrl, { health });
    source = { dialect: 'postgres', url: opts.databaseUrl };
    logger?.info('Database: PostgreSQL');
  } else {
    const sqlite = openSqlite(opts.dataDir, health);
    db = sqlite.db;
    source = { dialect: 'sqlite', file: sqlite.location };
    logger?.info(`Database: SQLite at ${sqlite.location}`);
  }
  const dialect: DialectName = source.dialect;
  health.useProbe(() => sql`select 1`.execute(db));

  let closed: Promise<void> | undefined;
  const close = () => {
    health.close();
    return (closed ??= db.destroy());
  };
  try {
    await migrateToLatest(db, dialect, logger);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, dialect, source, health, close };
}
