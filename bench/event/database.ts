/**
 * The database of one bench run: a fresh SQLite file in a temp folder, or a fresh PostgreSQL
 * database created through DATABASE_URL and dropped afterwards (as the test support does). Opened
 * with the server's own `openDatabase`, so migrations have run before the seed writes anything.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DialectName } from '../../server/src/db/database.js';

export interface BenchDatabase {
  kind: DialectName;
  database: Database;
  /** Data folder for the server (the SQLite file lives there; uploads on PostgreSQL). */
  dataDir: string;
  /** Connection string of the fresh PostgreSQL database, else undefined. */
  databaseUrl?: string;
  /** Closes the bench's connection, then removes the folder and drops the database. */
  close(): Promise<void>;
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(
  kind: DialectName,
  adminUrl = process.env.DATABASE_URL,
): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vexil-bench-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    const database = await openDatabase({ dataDir });
    return {
      kind,
      database,
      dataDir,
      close: async () => {
        await database.close();
        await removeDir();
      },
    };
  }
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `vexil_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await removeDir();
  };
  const database = await openDatabase({ dataDir, databaseUrl: url.toString() }).catch(
    async (error: unknown) => {
      await drop();
      throw error;
    },
  );
  return {
    kind,
    database,
    dataDir,
    databaseUrl: url.toString(),
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
