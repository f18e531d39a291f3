/**
 * Unpacking an uploaded game archive (zipReader.ts does the unpacking and its checks): the
 * layout of Vexil's own archives — `game.json` (at most 64 MiB, read into memory) and
 * `files/<sha256>`, each file's content checked against the hash its name says; nothing else.
 */
import { ARCHIVE_LIMITS, MANIFEST_ENTRY, entryHash } from '../../domain/gameArchive.js';
import { readZip, type UnpackedFile, type ZipLayout } from './zipReader.js';

export type { UnpackedFile } from './zipReader.js';

export interface ArchiveContent {
  manifest: Buffer;
  /** The unpacked files by SHA-256. */
  files: Map<string, UnpackedFile>;
  /** Removes the unpacked files (call once the import is done, whatever its outcome). */
  dispose(): Promise<void>;
}

const GAME_ARCHIVE: ZipLayout = {
  place(name) {
    if (name === 'files/') return { kind: 'skip' }; // the folder entry some zip tools add
    const hash = entryHash(name);
    if (hash === undefined) return undefined;
    return hash === null ? { kind: 'memory' } : { kind: 'file', hash };
  },
  limits: {
    entries: ARCHIVE_LIMITS.entries,
    unpackedBytes: ARCHIVE_LIMITS.unpackedBytes,
    memoryBytes: ARCHIVE_LIMITS.manifestBytes,
  },
  tooLargeForMemory: () => `${MANIFEST_ENTRY} is larger than 64 MiB`,
  listingProblem: (names) =>
    names.includes(MANIFEST_ENTRY) ? null : `The archive has no ${MANIFEST_ENTRY}`,
};

/** Unpacks `data` into a new folder in `workRoot` (made when the checks of pass 1 are passed). */
export async function readGameArchive(data: Buffer, workRoot: string): Promise<ArchiveContent> {
  const content = await readZip(data, workRoot, GAME_ARCHIVE);
  return {
    manifest: content.memory.get(MANIFEST_ENTRY) as Buffer,
    files: new Map(content.files.map(({ hash, path, size }) => [hash, { path, size }])),
    dispose: content.dispose,
  };
}
