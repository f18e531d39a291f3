/**
 * Unpacking an uploaded zip (yauzl) within limits, in two passes, for every archive Vexil reads
 * (its own game archives, CTFd exports). What an entry may be called and where it goes is the
 * caller's `ZipLayout`:
 *
 * 1. The central directory alone (nothing is inflated): every entry must have a safe name (not
 *    absolute, no `..`, no backslash, not a symbolic link) that the layout accepts, once; not
 *    encrypted, stored or deflated; and the sizes the entries declare must keep within the limits
 *    (count, total, each entry read into memory). A zip bomb is refused here, before a byte of it
 *    is unpacked or written.
 * 2. Each entry is streamed, never held whole: the layout's small entries into memory, each file
 *    into a private work folder while its SHA-256 is computed. An entry that holds more (or less)
 *    than it declares is cut off at the declared size (yauzl's size check, and our own count
 *    behind it), and a file whose name says what its hash is must have that hash.
 *
 * Every refusal names the entry at fault (sanitised for display) and removes the work folder: a
 * refused archive leaves nothing behind. On success the caller owns the folder until `dispose`.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { entryNameProblem, shownEntryName } from '../../domain/gameArchive.js';
import { InvalidInput } from '../../domain/errors.js';

/** A file of the archive, unpacked to the work folder. */
export interface UnpackedFile {
  path: string;
  size: number;
}

/** Where one entry goes: read into memory, unpacked to a file, or passed over. */
export type EntryPlace =
  | { kind: 'memory' }
  /** `hash`: the SHA-256 the entry's name stands for, checked once it is unpacked. */
  | { kind: 'file'; hash?: string }
  | { kind: 'skip' };

export interface ZipLayout {
  /** Where the entry named `name` goes; undefined refuses the archive ("an unexpected entry"). */
  place(name: string): EntryPlace | undefined;
  limits: {
    entries: number;
    unpackedBytes: number;
    /** The most an entry read into memory may hold. */
    memoryBytes: number;
  };
  /** What the 400 says when a memory entry is larger than `memoryBytes`. */
  tooLargeForMemory(shown: string): string;
  /** A problem with the whole listing (e.g. a required entry missing), or null. */
  listingProblem?(names: string[]): string | null;
}

export interface UnpackedFileEntry extends UnpackedFile {
  name: string;
  hash: string;
}

export interface ZipContent {
  /** Entries read into memory, by name. */
  memory: Map<string, Buffer>;
  /** Entries unpacked to files, in the archive's order. */
  files: UnpackedFileEntry[];
  /** The work folder they are in (the caller may add its own files: they go with it). */
  folder: string;
  /** Removes the unpacked files (call once the import is done, whatever its outcome). */
  dispose(): Promise<void>;
}

/** An entry of the central directory, checked and not yet unpacked. */
interface ListedEntry {
  entry: Entry;
  name: string;
  place: Exclude<EntryPlace, { kind: 'skip' }>;
}

export const refuse = (title: string) => new InvalidInput(title);
const ZIP_MAGIC = Buffer.from('PK');
const STORED = 0;
const DEFLATED = 8;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MADE_ON_UNIX = 3;

function openZip(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: yauzl would refuse unsafe names with an error that does not say which
    // entry; names are decoded and checked here instead (entryNameProblem).
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: false },
      (error, zip) => (error ? reject(refuse('The file is not a zip archive')) : resolve(zip)),
    );
  });
}

/** The entry's name as the zip means it (UTF-8 when flagged, else CP437), backslashes kept. */
const decodedName = (entry: Entry): string =>
  yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileName as unknown as Buffer,
    entry.extraFields,
    true,
  );

/** Whether the entry was stored as a symbolic link (by a zip tool on Unix). */
const isSymlink = (entry: Entry): boolean =>
  entry.versionMadeBy >> 8 === MADE_ON_UNIX &&
  ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** Pass 1: every entry of the central directory, checked; nothing is inflated. */
async function listEntries(zip: ZipFile, layout: ZipLayout): Promise<ListedEntry[]> {
  const { limits } = layout;
  if (zip.entryCount > limits.entries) {
    throw refuse(`The archive has more than ${limits.entries} entries`);
  }
  const listed: ListedEntry[] = [];
  const seen = new Set<string>();
  let declared = 0;
  let index = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      index += 1;
      const name = decodedName(entry);
      const shown = shownEntryName(name);
      const problem = entryNameProblem(name);
      if (problem) throw refuse(`The archive has an entry with ${problem}: ${shown}`);
      if (isSymlink(entry)) throw refuse(`The archive entry ${shown} is a symbolic link`);
      const place = layout.place(name);
      if (place === undefined) throw refuse(`The archive has an unexpected entry: ${shown}`);
      if (place.kind === 'skip') continue;
      if (entry.isEncrypted()) throw refuse(`The entry ${shown} is encrypted`);
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        throw refuse(`The entry ${shown} uses an unsupported compression method`);
      }
      if (seen.has(name)) throw refuse(`The archive has the entry ${shown} twice`);
      seen.add(name);
      declared += entry.uncompressedSize;
      if (declared > limits.unpackedBytes) {
        throw refuse('The archive is larger than 1 GiB once unpacked');
      }
      if (place.kind === 'memory' && entry.uncompressedSize > limits.memoryBytes) {
        throw refuse(layout.tooLargeForMemory(shown));
      }
      listed.push({ entry, name, place });
    }
  } catch (error) {
    if (error instanceof InvalidInput) throw error;
    // yauzl could not read the next central directory record: there is no name to show.
    throw refuse(`The archive is damaged (entry ${index + 1} of ${zip.entryCount} is unreadable)`);
  }
  const problem = layout.listingProblem?.(listed.map((item) => item.name));
  if (problem) throw refuse(problem);
  return listed;
}

/** Passes bytes on while counting and hashing them; fails past `limit` bytes. */
class Measure extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly tooLarge: () => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: string, done: (error?: Error | null) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) return done(this.tooLarge());
    this.hash.update(chunk);
    this.push(chunk);
    done();
  }
}

/** Whatever went wrong while inflating an entry, as a refusal naming it. */
function entryFailure(error: unknown, shown: string): InvalidInput {
  if (error instanceof InvalidInput) return error;
  const message = error instanceof Error ? error.message : '';
  if (/too many bytes/i.test(message))
    return refuse(`The entry ${shown} holds more than it declares`);
  if (/not enough bytes/i.test(message))
    return refuse(`The entry ${shown} holds less than it declares`);
  return refuse(`The entry ${shown} is damaged`);
}

/** Pass 2, one entry: its bytes through a Measure into `sink`, the measure answered. */
async function inflate(
  zip: ZipFile,
  { entry, name }: ListedEntry,
  sink: NodeJS.WritableStream,
): Promise<Measure> {
  const shown = shownEntryName(name);
  const measure = new Measure(entry.uncompressedSize, () =>
    refuse(`The entry ${shown} holds more than it declares`),
  );
  try {
    const stream: Readable = await zip.openReadStreamPromise(entry);
    await pipeline(stream, measure, sink);
  } catch (error) {
    throw entryFailure(error, shown);
  }
  if (measure.bytes !== entry.uncompressedSize) {
    throw refuse(`The entry ${shown} holds less than it declares`);
  }
  return measure;
}

/** Collects what it is written into memory (for entries whose size was checked). */
class Collect extends Writable {
  readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.chunks.push(chunk);
    done();
  }
}

/** Unpacks `data` into a new folder in `workRoot` (made when the checks of pass 1 are passed). */
export async function readZip(
  data: Buffer,
  workRoot: string,
  layout: ZipLayout,
): Promise<ZipContent> {
  if (!data.subarray(0, 2).equals(ZIP_MAGIC)) throw refuse('The file is not a zip archive');
  const zip = await openZip(data);
  let folder: string | null = null;
  try {
    const listed = await listEntries(zip, layout);
    // Only now, with every declared size within the limits, is anything unpacked.
    await mkdir(workRoot, { recursive: true });
    folder = await mkdtemp(join(workRoot, 'import-'));
    const memory = new Map<string, Buffer>();
    const files: UnpackedFileEntry[] = [];
    for (const item of listed) {
      if (item.place.kind === 'memory') {
        const collect = new Collect();
        await inflate(zip, item, collect);
        memory.set(item.name, Buffer.concat(collect.chunks));
        continue;
      }
      // Numbered, not named after the entry: two entries may share a base name.
      const path = join(folder, String(files.length));
      const measure = await inflate(zip, item, createWriteStream(path, { flags: 'wx' }));
      const hash = measure.hash.digest('hex');
      if (item.place.hash !== undefined && hash !== item.place.hash) {
        throw refuse(`The content of ${shownEntryName(item.name)} does not have its hash`);
      }
      files.push({ name: item.name, hash, path, size: measure.bytes });
    }
    const work = folder;
    return {
      memory,
      files,
      folder: work,
      dispose: () => rm(work, { recursive: true, force: true }),
    };
  } catch (error) {
    if (folder) await rm(folder, { recursive: true, force: true });
    throw error;
  } finally {
    zip.close();
  }
}
