// Which failures are storage faults (503/507 and one log line per outage) and which are not,
// from real errors wherever this machine can make them: a refused PostgreSQL connection, a full
// and a locked SQLite file, a full device. PostgreSQL's own codes (a disk full on the server
// cannot be staged here) are given as node-postgres reports them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '#server/db/dialects/postgres.js';
import { storageFault } from '#server/db/faults.js';
import { DatabaseHealth } from '#server/db/health.js';
import { toErrorBody } from '#server/http/errorHandler.js';
import { freePort } from '../faults/support/pgCluster.js';
import { skipUnless } from '../support/skipReason.js';

const caught = async (run: () => unknown): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

/** How node-postgres reports an error the server sent (pg-protocol's DatabaseError). */
const postgresError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('storage faults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vexil-faults-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an unreachable PostgreSQL is a fault; the same refused socket elsewhere is not', async () => {
    const port = await freePort();
    const health = new DatabaseHealth({ readsProveRecovery: true });
    const db = openPostgres(`postgres://vexil@127.0.0.1:${port}/vexil`, { health });
    try {
      const error = await caught(() => sql`select 1`.execute(db));
      expect(storageFault(error)).toBe('unreachable');
      expect(health.current?.fault).toBe('unreachable');
    } finally {
      health.close();
      await db.destroy();
    }
    // The container engine, Redis or the mail server refusing a connection is not an outage of
    // the database.
    const refused = await new Promise<unknown>((resolve) =>
      connect(port, '127.0.0.1').once('error', resolve),
    );
    expect((refused as { code: string }).code).toBe('ECONNREFUSED');
    expect(storageFault(refused)).toBeNull();
  });

  it('PostgreSQL restarting, crashed or out of connections is unreachable; out of disk is full', () => {
    const admin = postgresError('57P01', 'terminating connection due to administrator command');
    expect(storageFault(admin)).toBe('unreachable');
    expect(storageFault(postgresError('57P03', 'the database system is starting up'))).toBe(
      'unreachable',
    );
    expect(storageFault(postgresError('08006', 'connection failure'))).toBe('unreachable');
    expect(storageFault(postgresError('53300', 'sorry, too many clients already'))).toBe(
      'unreachable',
    );
    expect(storageFault(postgresError('53100', 'could not extend file'))).toBe('full');
    expect(storageFault(new Error('wrapped', { cause: admin }))).toBe('unreachable');
    // Constraint and syntax errors are the caller's, whatever their message says.
    expect(storageFault(postgresError('23505', 'duplicate key value'))).toBeNull();
    expect(storageFault(postgresError('42601', 'Connection terminated near "x"'))).toBeNull();
    expect(storageFault(new Error('Connection terminated unexpectedly'))).toBeNull();
  });

  it('SQLite full or locked beyond its busy timeout', () => {
    const file = join(dir, 'faults.db');
    const writer = new SQLite(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table t (x text)');
    writer.pragma(`max_page_count = ${writer.pragma('page_count', { simple: true }) as number}`);
    const full = (() => {
      try {
        for (let i = 0; i < 100; i++)
          writer.prepare('insert into t values (?)').run('x'.repeat(999));
      } catch (error) {
        return error;
      }
    })();
    expect(storageFault(full)).toBe('full');

    writer.exec('BEGIN EXCLUSIVE');
    const other = new SQLite(file, { timeout: 0 });
    const locked = (() => {
      try {
        other.prepare('insert into t values (?)').run('y');
      } catch (error) {
        return error;
      }
    })();
    expect(storageFault(locked)).toBe('busy');
    other.close();
    writer.exec('ROLLBACK');
    writer.close();
  });

  const fullDevice = skipUnless(existsSync('/dev/full'), 'full-device test: no /dev/full');
  it('a file written to a full device', fullDevice, async () => {
    const error = await caught(() => writeFile('/dev/full', 'x'));
    expect((error as { code: string }).code).toBe('ENOSPC');
    expect(storageFault(error)).toBe('full');
  });

  it('answers 503 with Retry-After, or 507 for a full disk, never 500', () => {
    const unreachable = toErrorBody(postgresError('57P01', 'terminating connection'));
    expect(unreachable).toMatchObject({ httpStatus: 503, body: { status: 503 } });
    expect(unreachable.retryAfter).toBeGreaterThan(0);
    const full = toErrorBody(
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
    );
    expect(full).toMatchObject({ httpStatus: 507, body: { status: 507 } });
    expect(full.body.title).toMatch(/storage/);
    expect(toErrorBody(new Error('a bug'))).toMatchObject({ httpStatus: 500 });
  });
});

describe('database health', () => {
  const sink = () => {
    const lines: string[] = [];
    return {
      lines,
      log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) },
    };
  };
  const refused = postgresError('57P01', 'terminating connection due to administrator command');

  it('logs an outage once however often it fails, and its end once', async () => {
    const { lines, log } = sink();
    const health = new DatabaseHealth({ readsProveRecovery: true, quietMs: 0 });
    health.useLogger(log);
    const began = performance.now();
    for (let i = 0; i < 50; i++) {
      expect(health.failed(refused)).toBe('unreachable');
      health.refused();
    }
    expect(health.failed(new Error('a bug'))).toBeNull();
    // A query that started before the outage proves nothing.
    health.succeeded(began - 1, true);
    expect(health.current).not.toBeNull();
    health.succeeded(performance.now(), false);
    // It ends after the quiet spell (none here): failures meanwhile would belong to it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(health.current).toBeNull();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/unreachable.*503/);
    expect(lines[1]).toMatch(/works again.*50 requests/);
    health.close();
  });

  it('a failure soon after the first success belongs to the same outage', async () => {
    const { lines, log } = sink();
    const health = new DatabaseHealth({ readsProveRecovery: true, quietMs: 30 });
    health.useLogger(log);
    health.failed(refused);
    health.succeeded(performance.now(), false);
    // A connection from before a restart fails after the probe's first success.
    health.failed(postgresError('57P01', 'terminating connection due to administrator command'));
    health.succeeded(performance.now(), false);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(health.current).toBeNull();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/works again/);
    health.close();
  });

  it('a busy or full database recovers on a write after a quiet spell, not on a read', async () => {
    const { lines, log } = sink();
    const health = new DatabaseHealth({ readsProveRecovery: true, quietMs: 0 });
    health.useLogger(log);
    health.failed(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
    health.succeeded(performance.now(), false);
    expect(health.current?.fault).toBe('full');
    health.succeeded(performance.now(), true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(health.current).toBeNull();
    expect(lines).toHaveLength(2);
    health.close();
  });
});
