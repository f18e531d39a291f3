/**
 * What a Vexil backup archive holds (a gzip-compressed tar): the data folder's files under their
 * own relative paths (`vexil.db` is the SQLite online backup, `files/ab/abcdef…` the stored
 * files), and `manifest.json` last, which names every file with its SHA-256 so a restore can
 * prove the archive whole before it writes anything.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';
import { MIGRATION_TABLE } from '../db/migrations/migrate.js';

export const MANIFEST_NAME = 'manifest.json';
export const BACKUP_FORMAT = 'vexil-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  vexilVersion: string;
  createdAt: string;
  /** `sqlite`: the archive holds `vexil.db`; `none`: files only (a PostgreSQL deployment). */
  database: 'sqlite' | 'none';
  /** The last migration applied to the archived database (null without a database). */
  migration: string | null;
  fileCount: number;
  /** Relative path → SHA-256 (hex) of every archived file but the manifest. */
  files: Record<string, string>;
}

/** Vexil's version, from the package.json above this module (source tree or bundle). */
export function vexilVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(folder, 'package.json');
    if (existsSync(candidate)) {
      const parsed = JSON.parse(readFileSync(candidate, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (parsed.name === 'vexil' && parsed.version) return parsed.version;
    }
    folder = dirname(folder);
  }
  return 'unknown';
}

/** The last migration applied to an SQLite database, or null when none was. */
export function latestMigration(database: SQLite.Database): string | null {
  const row = database
    .prepare(`select name from ${MIGRATION_TABLE} order by name desc limit 1`)
    .get() as { name: string } | undefined;
  return row?.name ?? null;
}

/** Checks the shape of a parsed manifest; throws a readable error when it is not one. */
export function asManifest(value: unknown): BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  if (!m || m.format !== BACKUP_FORMAT) throw new Error('The archive is not a Vexil backup');
  if (m.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new Error(`Unknown backup format version ${String(m.formatVersion)}`);
  }
  if (m.database !== 'sqlite' && m.database !== 'none') throw new Error('Bad manifest: database');
  if (typeof m.files !== 'object' || m.files === null) throw new Error('Bad manifest: files');
  if (m.fileCount !== Object.keys(m.files).length) throw new Error('Bad manifest: file count');
  return m as BackupManifest;
}
