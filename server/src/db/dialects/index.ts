import { PostgresAdapter, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** What the storage layer may say while opening; a pino logger fits. */
export interface DatabaseLogger {
  info(msg: string): void;
  warn?(msg: string): void;
}

/**
 * Whether `SELECT … FOR UPDATE` exists: PostgreSQL locks rows; SQLite has no such clause and
 * needs none (one connection, one writer at a time).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database schema
export const locksRows = (db: Kysely<any>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;
