import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DatabaseHealth } from '../health.js';
import type { DB } from '../schema.js';
import { observed } from './observed.js';

export const SQLITE_FILE_NAME = 'vexil.db';
export const IN_MEMORY = ':memory:';

/** Opens `<dataDir>/vexil.db` (creating the folder), or an in-memory database for `:memory:`. */
export function openSqlite(
  dataDir: string,
  health?: DatabaseHealth,
): { db: Kysely<DB>; location: string } {
  const location = dataDir === IN_MEMORY ? IN_MEMORY : join(dataDir, SQLITE_FILE_NAME);
  if (location !== IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  return { db: openSqliteFile(location, health), location };
}

/**
 * A connection to an SQLite file (or `:memory:`). Files use write-ahead logging, so that another
 * connection (the scoreboard worker's) reads while this one writes. `health` hears of every query.
 */
export function openSqliteFile(location: string, health?: DatabaseHealth): Kysely<DB> {
  const database = new SQLite(location);
  if (location !== IN_MEMORY) {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
  }
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const dialect = new SqliteDialect({ database: reusingStatements(database) });
  return new Kysely<DB>({ dialect: health ? observed(dialect, health) : dialect });
}

/** Distinct statements kept compiled; an event's hot queries are a few dozen. */
const STATEMENTS_KEPT = 500;

/**
 * Kysely asks for a statement before every query, and compiling it anew cost a tenth of the
 * server's time under a load of submissions: the same SQL text gets the same compiled statement.
 * Safe because each query runs to completion synchronously on the one connection (nothing in
 * Vexil streams rows, which would keep a statement busy).
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max: STATEMENTS_KEPT });
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
