import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { DB } from '../schema.js';
import type { DatabaseLogger } from './index.js';

const INT8_OID = 20;
export const POOL_SIZE = 10;

// Per-pool type parsers (no global side effect): int8 (epoch ms, counts) becomes a JS number.
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format),
};

export function openPostgres(
  databaseUrl: string,
  logger?: DatabaseLogger,
  poolSize = POOL_SIZE,
): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, types });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => {
    (logger?.warn ?? logger?.info)?.call(logger, `PostgreSQL idle client error: ${error.message}`);
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
