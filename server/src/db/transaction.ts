import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws (the error
 * is re-thrown). Called with a transaction already, it simply joins it, so repository functions
 * that need atomicity can use it and still be composed into a larger transaction.
 */
export async function withTransaction<T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<DB>);
  return db.transaction().execute(fn);
}
