/**
 * Unpacking an uploaded game archive (yauzl) within limits: only `game.json` and `files/<sha256>`
 * entries, at most so many of them and so many bytes once unpacked (the declared sizes are checked
 * before anything is inflated, and yauzl refuses an entry whose real size differs from the one it
 * declares), and each file's content must have the hash its name says.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ARCHIVE_LIMITS, MANIFEST_ENTRY, entryHash } from '../../domain/gameArchive.js';
import { InvalidInput } from '../../domain/errors.js';
import { sha256 } from '../files.js';

export interface ArchiveContent {
  manifest: Buffer;
  /** File contents by SHA-256. */
  files: Map<string, Buffer>;
}

const refuse = (title: string) => new InvalidInput(title);
const ZIP_MAGIC = Buffer.from('PK');

function openZip(data: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error ? reject(refuse('The file is not a zip archive')) : resolve(zip)),
    );
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Every entry in turn (yauzl's lazy mode: the next one is read when asked for). */
async function* entries(zip: ZipFile): AsyncGenerator<Entry> {
  for (;;) {
    const next = await new Promise<Entry | null>((resolve, reject) => {
      const onEntry = (entry: Entry) => settle(() => resolve(entry));
      const onEnd = () => settle(() => resolve(null));
      const onError = (error: Error) => settle(() => reject(error));
      const settle = (then: () => void) => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
        then();
      };
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });
    if (!next) return;
    yield next;
  }
}

export async function readGameArchive(data: Buffer): Promise<ArchiveContent> {
  if (!data.subarray(0, 2).equals(ZIP_MAGIC)) throw refuse('The file is not a zip archive');
  const zip = await openZip(data);
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.entries) {
      throw refuse(`The archive has more than ${ARCHIVE_LIMITS.entries} entries`);
    }
    let manifest: Buffer | null = null;
    const files = new Map<string, Buffer>();
    let unpacked = 0;
    for await (const entry of entries(zip)) {
      const name = entry.fileName;
      if (name === 'files/') continue; // the folder entry some zip tools add
      const hash = entryHash(name);
      if (hash === undefined) throw refuse(`The archive has an unexpected entry: ${name}`);
      if (entry.isEncrypted()) throw refuse(`The entry ${name} is encrypted`);
      if ((hash === null && manifest) || (hash !== null && files.has(hash))) {
        throw refuse(`The archive has the entry ${name} twice`);
      }
      unpacked += entry.uncompressedSize;
      if (unpacked > ARCHIVE_LIMITS.unpackedBytes) {
        throw refuse('The archive is larger than 1 GiB once unpacked');
      }
      if (hash === null && entry.uncompressedSize > ARCHIVE_LIMITS.manifestBytes) {
        throw refuse(`${MANIFEST_ENTRY} is larger than 64 MiB`);
      }
      const content = await readEntry(zip, entry);
      if (hash === null) {
        manifest = content;
      } else {
        if (sha256(content) !== hash) throw refuse(`The content of ${name} does not have its hash`);
        files.set(hash, content);
      }
    }
    if (!manifest) throw refuse(`The archive has no ${MANIFEST_ENTRY}`);
    return { manifest, files };
  } catch (error) {
    if (error instanceof InvalidInput) throw error;
    throw refuse('The archive is damaged');
  } finally {
    zip.close();
  }
}
