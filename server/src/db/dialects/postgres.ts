import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { markDatabaseError } from '../faults.js';
import type { DatabaseHealth } from '../health.js';
import type { DB } from '../schema.js';
import { observed } from './observed.js';

const INT8_OID = 20;
export const POOL_SIZE = 10;
/**
 * How long a query waits for a pooled connection (free or new) before failing with 503: long
 * enough for a burst to queue, short enough that a database that does not answer is noticed.
 */
const CONNECT_TIMEOUT_MS = 10_000;

// Per-pool type parsers (no global side effect): int8 (epoch ms, counts) becomes a JS number.
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format),
};

export interface PostgresOptions {
  poolSize?: number;
  /** Told about every query and every lost connection. */
  health?: DatabaseHealth;
}

export function openPostgres(databaseUrl: string, options: PostgresOptions = {}): Kysely<DB> {
  const { health } = options;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? POOL_SIZE,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const connectionLost = (error: Error) => void health?.failed(markDatabaseError(error));
  // Every connection gets a handler for its whole life: node-postgres emits `error` on a client
  // whose server went away (57P01 on a restart) whether it is idle or checked out, and an
  // `error` event nobody listens to ends the process. The pool removes an idle one by itself;
  // a checked-out one is no longer queryable, its query fails, and the pool drops it on release.
  pool.on('connect', (client) => client.on('error', connectionLost));
  pool.on('error', connectionLost);
  const dialect = new PostgresDialect({ pool });
  return new Kysely<DB>({ dialect: health ? observed(dialect, health) : dialect });
}
