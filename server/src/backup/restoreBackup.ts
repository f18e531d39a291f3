/**
 * Restores a backup archive into a data folder that does not exist or is empty. The archive is
 * unpacked into a temp folder beside the target, then proven whole (the manifest, each file's
 * SHA-256, the SQLite file's `PRAGMA integrity_check`, a migration this Vexil knows), and only
 * then renamed into place: a refused or failed restore leaves the target as it was.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import tar from 'tar-stream';
import { SQLITE_FILE_NAME } from '../db/dialects/sqlite.js';
import { migrations } from '../db/migrations/index.js';
import { MANIFEST_NAME, asManifest, latestMigration, type BackupManifest } from './manifest.js';
import { hashing } from './hashing.js';

export interface RestoreOptions {
  archive: string;
  dataDir: string;
}

/** A refusal the operator can act on (the CLI prints its message without a stack). */
export class RestoreRefused extends Error {}

/** Whether the folder is absent (true) or empty; throws when it holds anything. */
async function ensureEmpty(dataDir: string): Promise<boolean> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (entries && entries.length > 0) {
    throw new RestoreRefused(
      `The data folder ${dataDir} is not empty (${entries.length} entries): restore into an empty or new folder`,
    );
  }
  return entries === null;
}

/** A member name that stays inside the folder: relative, no `..`, no empty parts. */
function safeName(name: string): string {
  const normal = posix.normalize(name);
  if (
    normal !== name ||
    name.startsWith('/') ||
    name.split('/').some((part) => part === '..' || part === '.' || part === '')
  ) {
    throw new RestoreRefused(`The archive holds a file outside its folder: ${name}`);
  }
  return name;
}

/** Unpacks every regular file into `folder`; answers the SHA-256 of each and the manifest text. */
async function unpack(archive: string, folder: string) {
  const digests = new Map<string, string>();
  let manifestText: string | undefined;
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(archive), createGunzip(), extract);
  // Its failure is reported by the loop below (the extractor is destroyed with the error) or
  // awaited after it.
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { header } = entry;
      if (header.type !== 'file') {
        throw new RestoreRefused(`The archive holds something other than a file: ${header.name}`);
      }
      const name = safeName(header.name);
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const hash = createHash('sha256');
      const path = join(folder, name);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(entry, hashing(hash), createWriteStream(path, { flags: 'wx' }));
      digests.set(name, hash.digest('hex'));
    }
  } catch (error) {
    extract.destroy();
    throw error;
  }
  await feeding;
  return { digests, manifestText };
}

function verify(folder: string, digests: Map<string, string>, manifestText: string | undefined) {
  if (manifestText === undefined)
    throw new RestoreRefused('The archive has no manifest: not a complete Vexil backup');
  let manifest: BackupManifest;
  try {
    manifest = asManifest(JSON.parse(manifestText));
  } catch (error) {
    throw new RestoreRefused(`The archive's manifest is not valid: ${(error as Error).message}`);
  }
  for (const [name, digest] of Object.entries(manifest.files)) {
    const found = digests.get(name);
    if (!found) throw new RestoreRefused(`The archive lacks ${name}, which its manifest lists`);
    if (found !== digest)
      throw new RestoreRefused(`${name} in the archive is damaged (checksum mismatch)`);
  }
  for (const name of digests.keys()) {
    if (!(name in manifest.files))
      throw new RestoreRefused(`The archive holds ${name}, which its manifest does not list`);
  }
  if (manifest.database === 'sqlite') {
    if (!digests.has(SQLITE_FILE_NAME)) throw new RestoreRefused('The archive lacks its database');
    const database = new SQLite(join(folder, SQLITE_FILE_NAME), { fileMustExist: true });
    try {
      const result = database.pragma('integrity_check', { simple: true });
      if (result !== 'ok')
        throw new RestoreRefused(
          `The archived database fails its integrity check: ${String(result)}`,
        );
      const migration = latestMigration(database);
      if (migration !== manifest.migration)
        throw new RestoreRefused('The archived database does not match its manifest');
      if (migration && !(migration in migrations)) {
        throw new RestoreRefused(
          `The backup was made by a newer Vexil (migration ${migration}): restore it with that version or later`,
        );
      }
    } finally {
      database.close();
    }
  }
  return manifest;
}

export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { archive, dataDir } = options;
  await ensureEmpty(dataDir);
  // Beside the target, so the final rename stays on one file system.
  const staging = `${dataDir}.restore-${randomBytes(6).toString('hex')}`;
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(staging);
  try {
    let unpacked;
    try {
      unpacked = await unpack(archive, staging);
    } catch (error) {
      if (error instanceof RestoreRefused) throw error;
      throw new RestoreRefused(
        `The archive cannot be read (damaged or not a Vexil backup): ${(error as Error).message}`,
      );
    }
    let manifest: BackupManifest;
    try {
      manifest = verify(staging, unpacked.digests, unpacked.manifestText);
    } catch (error) {
      if (error instanceof RestoreRefused) throw error;
      throw new RestoreRefused(
        `The archived database cannot be opened: ${(error as Error).message}`,
      );
    }
    // Someone may have written into the folder meanwhile: check again right before the swap
    // (rmdir refuses a folder that is not empty, too).
    if (!(await ensureEmpty(dataDir))) await rmdir(dataDir);
    await rename(staging, dataDir);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
