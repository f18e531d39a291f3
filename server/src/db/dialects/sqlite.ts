import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { DB } from '../schema.js';

export const SQLITE_FILE_NAME = 'vexil.db';
export const IN_MEMORY = ':memory:';

/** Opens `<dataDir>/vexil.db` (creating the folder), or an in-memory database for `:memory:`. */
export function openSqlite(dataDir: string): { db: Kysely<DB>; location: string } {
  const location = dataDir === IN_MEMORY ? IN_MEMORY : join(dataDir, SQLITE_FILE_NAME);
  if (location !== IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  return { db: openSqliteFile(location), location };
}

/**
 * A connection to an SQLite file (or `:memory:`). Files use write-ahead logging, so that another
 * connection (the scoreboard worker's) reads while this one writes.
 */
export function openSqliteFile(location: string): Kysely<DB> {
  const database = new SQLite(location);
  if (location !== IN_MEMORY) {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
  }
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}
