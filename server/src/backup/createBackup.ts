/**
 * Makes a backup of a data folder while Vexil runs: first SQLite's online backup of `vexil.db`
 * (a consistent snapshot even while the server writes in WAL mode), then every other file of the
 * folder (the stored files are content-addressed and written before the database references
 * them, so every file the snapshot references exists by then). One tar.gz, written beside its
 * destination and renamed into place, so a failed backup never leaves a truncated archive.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import tar from 'tar-stream';
import { SQLITE_FILE_NAME } from '../db/dialects/sqlite.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_NAME,
  latestMigration,
  vexilVersion,
  type BackupManifest,
} from './manifest.js';
import { hashing } from './hashing.js';

export interface BackupOptions {
  dataDir: string;
  /** Where the archive goes (replaced if it exists). */
  target: string;
  /** Archive the files alone (PostgreSQL deployments, whose database pg_dump saves). */
  filesOnly?: boolean;
  /**
   * The uploaded files' folder (`VEXIL_STORAGE_PATH`) when not the data folder's `files/`: archived
   * as `files/` all the same, so an archive has one layout wherever the files were kept.
   */
  filesDir?: string;
}

/** Where the archive's `files/` comes from, and which entries of the data folder it replaces. */
function filesSource(dataDir: string, filesDir: string | undefined) {
  const inData = relative(dataDir, filesDir ?? join(dataDir, 'files'));
  if (inData === 'files') return null;
  const inside = !inData.startsWith('..') && !isAbsolute(inData);
  return {
    root: filesDir!,
    // Listed under `files/` below, so not under its own name too.
    covers: (name: string) => inside && (inData === '' || name.startsWith(`${inData}/`)),
  };
}

/** The SQLite file and its companions, which the online backup replaces; temp files of writes;
 *  game archives being unpacked by an import (`imports/`, removed when it ends). */
const skipped = (path: string) =>
  path.startsWith('imports/') ||
  path === SQLITE_FILE_NAME ||
  path === `${SQLITE_FILE_NAME}-wal` ||
  path === `${SQLITE_FILE_NAME}-shm` ||
  path === `${SQLITE_FILE_NAME}-journal` ||
  path.endsWith('.tmp');

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !skipped(path))
    .sort();
}

/** Adds one file to the archive as it is now, hashing it on the way. */
async function addFile(pack: tar.Pack, name: string, path: string): Promise<string | null> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    // Deleted since the listing (a file released meanwhile): nothing to keep.
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!handle) return null;
  try {
    const { size, mtime } = await handle.stat();
    const hash = createHash('sha256');
    const entry = pack.entry({ name, size, mtime, mode: 0o644 });
    // Exactly `size` bytes, even if the file grows meanwhile (the tar header is written already).
    const stream = createReadStream('', { fd: handle, autoClose: false, start: 0, end: size - 1 });
    if (size > 0) {
      await pipeline(stream, hashing(hash), entry);
    } else {
      stream.destroy();
      await new Promise<void>((done, fail) =>
        entry.end((error?: Error | null) => (error ? fail(error) : done())),
      );
    }
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { dataDir, target, filesOnly = false } = options;
  const databaseFile = join(dataDir, SQLITE_FILE_NAME);
  const separateFiles = filesSource(dataDir, options.filesDir);
  const within = (folder: string) => {
    const inside = relative(folder, target);
    return !inside.startsWith('..') && !isAbsolute(inside);
  };
  if (within(dataDir)) throw new Error(`The archive must not go inside the data folder ${dataDir}`);
  if (separateFiles && within(separateFiles.root)) {
    throw new Error(`The archive must not go inside the files folder ${separateFiles.root}`);
  }
  if (!filesOnly && !existsSync(databaseFile)) {
    throw new Error(`No database in ${dataDir} (expected ${SQLITE_FILE_NAME}): nothing to back up`);
  }
  const scratch = await mkdtemp(join(tmpdir(), 'vexil-backup-'));
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  try {
    let migration: string | null = null;
    const snapshot = join(scratch, SQLITE_FILE_NAME);
    if (!filesOnly) {
      const live = new SQLite(databaseFile, { fileMustExist: true });
      try {
        live.pragma('busy_timeout = 5000');
        await live.backup(snapshot);
      } finally {
        live.close();
      }
      const copy = new SQLite(snapshot, { readonly: true });
      try {
        migration = latestMigration(copy);
      } finally {
        copy.close();
      }
    }

    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial));
    const files: Record<string, string> = {};
    if (!filesOnly) files[SQLITE_FILE_NAME] = (await addFile(pack, SQLITE_FILE_NAME, snapshot))!;
    const sources: Array<[name: string, path: string]> = [];
    for (const name of existsSync(dataDir) ? await listFiles(dataDir) : []) {
      if (!separateFiles?.covers(name)) sources.push([name, join(dataDir, name)]);
    }
    if (separateFiles && existsSync(separateFiles.root)) {
      for (const name of await listFiles(separateFiles.root)) {
        sources.push([`files/${name}`, join(separateFiles.root, name)]);
      }
    }
    for (const [name, path] of sources) {
      const digest = await addFile(pack, name, path);
      if (digest) files[name] = digest;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      vexilVersion: vexilVersion(),
      createdAt: new Date().toISOString(),
      database: filesOnly ? 'none' : 'sqlite',
      migration,
      fileCount: Object.keys(files).length,
      files,
    };
    pack.entry({ name: MANIFEST_NAME, mode: 0o644 }, `${JSON.stringify(manifest, null, 2)}\n`);
    pack.finalize();
    await written;
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(partial, { force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}
