// Runs server suites on every database Vexil supports: a fresh SQLite file in a temp folder, and
// a fresh PostgreSQL database (created through DATABASE_URL, dropped afterwards) when configured.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  openDatabase,
  type Database,
  type DialectName,
  type OpenDatabaseOptions,
} from '#server/db/database.js';
import { REASON, skippedBecause } from './skipReason.js';

export interface TestDatabase extends Database {
  /** The options it was opened with: pass them to `openDatabase` to open it again. */
  openOptions: OpenDatabaseOptions;
  /** Closes it, then removes the temp folder or drops the PostgreSQL database. */
  close(): Promise<void>;
}

/** Opens a fresh, migrated, empty database of the given kind (postgres needs DATABASE_URL). */
export async function openTestDatabase(kind: DialectName): Promise<TestDatabase> {
  return kind === 'postgres' ? openPostgresTestDatabase() : openSqliteTestDatabase();
}

async function openSqliteTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vexil-test-'));
  const openOptions = { dataDir };
  const database = await openDatabase(openOptions).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  return withCleanup(database, openOptions, () => rm(dataDir, { recursive: true, force: true }));
}

async function openPostgresTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `vexil_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const openOptions = { dataDir: ':memory:', databaseUrl: url.toString() };
  const drop = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const database = await openDatabase(openOptions).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  return withCleanup(database, openOptions, drop);
}

function withCleanup(
  database: Database,
  openOptions: OpenDatabaseOptions,
  cleanup: () => Promise<unknown>,
): TestDatabase {
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await database.close();
      await cleanup();
    })());
  return { ...database, openOptions, close };
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

/**
 * Declares the suite once per database: `<name> [sqlite]`, and `<name> [postgres]` when
 * DATABASE_URL is set. Each run gets its own fresh database for the whole suite (shared by its
 * tests, so tests should create their own rows). Without DATABASE_URL the PostgreSQL run is
 * skipped (the run's summary says why), or fails when CI is set.
 */
export function describeEachDatabase(name: string, fn: (getDb: () => TestDatabase) => void): void {
  describeOn('sqlite', name, fn);

  if (process.env.DATABASE_URL) {
    describeOn('postgres', name, fn);
  } else if (process.env.CI) {
    describe(`${name} [postgres]`, () => {
      it('has a PostgreSQL server', () => {
        throw new Error('DATABASE_URL is required in CI');
      });
    });
  } else {
    describe.skip(`${name} [postgres]`, skippedBecause(REASON.postgres), () =>
      fn(() => unavailable()),
    );
  }
}

function describeOn(
  kind: DialectName,
  name: string,
  fn: (getDb: () => TestDatabase) => void,
): void {
  describe(`${name} [${kind}]`, () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });
    fn(() => database ?? unavailable());
  });
}

function unavailable(): never {
  throw new Error('The test database is opened in beforeAll: call getDb() inside a hook or test');
}
