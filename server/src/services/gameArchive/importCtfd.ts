/**
 * A new game from a CTFd 3.x export: the zip is unpacked with the game archives' checks
 * (zipReader.ts, CTFd's layout: `db/<table>.json` into memory, `uploads/…` to files), the tables
 * are mapped to a game archive's manifest (domain/ctfd/), a challenge's several files are zipped
 * into one attachment, and the archive's own import makes the game in one transaction. Answers
 * the game and the report of what mapped.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { components } from '#wire/schema.gen.js';
import { listChallenges } from '../../db/repositories/challenges.js';
import type { Game } from '../../db/repositories/games.js';
import { ARCHIVE_LIMITS } from '../../domain/gameArchive.js';
import { note, type CtfdImportNote } from '../../domain/ctfd/notes.js';
import { readCtfdTables, type CtfdTables } from '../../domain/ctfd/tables.js';
import { ctfdToArchive, type CtfdAttachment } from '../../domain/ctfd/toArchive.js';
import { importGame, type ImportDeps } from './importGame.js';
import { readZip, type UnpackedFile, type UnpackedFileEntry, type ZipLayout } from './zipReader.js';

export type CtfdImportReport = components['schemas']['CtfdImportReport'];

const TABLE_ENTRY = /^db\/([a-z0-9_]+)\.json$/;
const UPLOAD_PREFIX = 'uploads/';

/** CTFd's export: its tables and uploads; anything else (folder entries, themes) passed over. */
const CTFD_EXPORT: ZipLayout = {
  place(name) {
    if (name.endsWith('/')) return { kind: 'skip' };
    if (TABLE_ENTRY.test(name)) return { kind: 'memory' };
    if (name.startsWith(UPLOAD_PREFIX)) return { kind: 'file' };
    return { kind: 'skip' };
  },
  limits: {
    entries: ARCHIVE_LIMITS.entries,
    unpackedBytes: ARCHIVE_LIMITS.unpackedBytes,
    memoryBytes: ARCHIVE_LIMITS.manifestBytes,
  },
  tooLargeForMemory: (shown) => `The table ${shown} is larger than 64 MiB`,
  listingProblem: (names) =>
    names.includes('db/challenges.json')
      ? null
      : 'This is not a CTFd export: it has no db/challenges.json',
};

/** A file's name for a download: its last path segment. */
const baseName = (location: string): string => posix.basename(location) || 'file';

/** The name of the zip of a challenge's files: its name, safe for a file name. */
function bundleName(challengeName: string): string {
  const safe = challengeName
    .replace(/[^\p{L}\p{N}._ -]+/gu, '_')
    .trim()
    .slice(0, 100);
  return `${safe || 'challenge'}-files.zip`;
}

/** Zips `files` (name → unpacked file) into `path`; answers its SHA-256 and size. */
async function zipFiles(files: [string, UnpackedFileEntry][], path: string) {
  const zip = new yazl.ZipFile();
  const hash = createHash('sha256');
  const used = new Set<string>();
  for (const [name, file] of files) {
    // Two uploads may share a base name (each sits in a folder of its own in CTFd).
    let entry = name;
    for (let n = 2; used.has(entry); n++) entry = `${n}-${name}`;
    used.add(entry);
    zip.addReadStream(createReadStream(file.path), entry);
  }
  zip.end();
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(zip.outputStream, hashing, createWriteStream(path, { flags: 'wx' }));
  return { hash: hash.digest('hex'), size: (await stat(path)).size };
}

/**
 * Each challenge's attachment from CTFd's `files` rows: its one file, or its files zipped
 * together in the work folder. The files it names go into `contents` (by hash) for the import.
 */
async function attachmentsOf(
  tables: CtfdTables,
  unpacked: UnpackedFileEntry[],
  contents: Map<string, UnpackedFile>,
  workFolder: string,
): Promise<Map<number, CtfdAttachment>> {
  const byEntry = new Map(unpacked.map((file) => [file.name, file]));
  const names = new Map(tables.challenges.map((c) => [c.id, c.name]));
  const found = new Map<
    number,
    { files: [string, UnpackedFileEntry][]; notes: CtfdImportNote[] }
  >();
  for (const row of tables.files) {
    if (row.type !== 'challenge' || row.challengeId === null) continue;
    const slot = found.get(row.challengeId) ?? { files: [], notes: [] };
    found.set(row.challengeId, slot);
    const file = byEntry.get(`${UPLOAD_PREFIX}${row.location}`);
    if (file) slot.files.push([baseName(row.location), file]);
    else slot.notes.push(note('FileMissing', { location: row.location }));
  }
  const attachments = new Map<number, CtfdAttachment>();
  for (const [challengeId, { files, notes }] of found) {
    if (files.length === 0) {
      attachments.set(challengeId, { file: null, notes });
      continue;
    }
    if (files.length === 1) {
      const [name, file] = files[0];
      contents.set(file.hash, file);
      attachments.set(challengeId, { file: { hash: file.hash, name }, notes });
      continue;
    }
    const name = bundleName(names.get(challengeId) ?? '');
    const path = join(workFolder, `bundle-${challengeId}.zip`);
    const bundle = await zipFiles(files, path);
    contents.set(bundle.hash, { path, size: bundle.size });
    notes.push(note('FilesBundled', { count: files.length, fileName: name }));
    attachments.set(challengeId, { file: { hash: bundle.hash, name }, notes });
  }
  return attachments;
}

export async function importCtfdExport(
  deps: ImportDeps,
  data: Buffer,
  workRoot: string,
  now: number,
): Promise<{ game: Game; report: CtfdImportReport }> {
  const content = await readZip(data, workRoot, CTFD_EXPORT);
  try {
    const tableEntries = new Map<string, Buffer>();
    for (const [name, bytes] of content.memory) {
      tableEntries.set((TABLE_ENTRY.exec(name) as RegExpExecArray)[1], bytes);
    }
    const tables = readCtfdTables(tableEntries);
    const contents = new Map<string, UnpackedFile>();
    const attachments = await attachmentsOf(tables, content.files, contents, content.folder);
    const mapping = ctfdToArchive(tables, attachments, now);
    const game = await importGame(deps, mapping.manifest, contents, now);
    const created = await listChallenges(deps.db, game.id);
    return {
      game,
      report: {
        ctfdVersion: tables.config.get('ctf_version') ?? null,
        ctfName: tables.config.get('ctf_name') ?? null,
        challenges: mapping.challenges.map((c) => ({
          ctfdId: c.ctfdId,
          name: c.name,
          challengeId: c.index === null ? null : (created[c.index]?.id ?? null),
          notes: c.notes,
        })),
        notes: mapping.notes,
      },
    };
  } finally {
    await content.dispose();
  }
}
