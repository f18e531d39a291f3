// Zip archives in tests: made from entries (yazl) and read back whole (yauzl).
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import yazl from 'yazl';

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A zip of the entries, in order; `modes` sets an entry's Unix mode (e.g. a symbolic link). */
export async function makeZip(
  entries: Record<string, Buffer | string>,
  modes: Record<string, number> = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    zip.addBuffer(data, name, modes[name] === undefined ? {} : { mode: modes[name] });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Where the central directory record of the `index`-th entry starts. */
function centralRecord(zip: Buffer, index: number): number {
  let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  for (let i = 0; i < index; i += 1) {
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`No entry ${index} in the zip`);
  return at;
}

/**
 * Rewrites the uncompressed size the central directory declares for the `index`-th entry: a
 * forged archive that claims more (or less) than it holds.
 */
export function forgeDeclaredSize(zip: Buffer, size: number, index = 0): Buffer {
  const forged = Buffer.from(zip);
  forged.writeUInt32LE(size, centralRecord(zip, index) + 24);
  return forged;
}

/**
 * Renames an entry in its local header and central directory record (the zip writer refuses the
 * unsafe names an attacker would write): `to` must have as many bytes as `from`, and `from` must
 * appear nowhere else in the archive.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  const [a, b] = [Buffer.from(from), Buffer.from(to)];
  if (a.length !== b.length) throw new Error('A renamed entry keeps its length');
  const forged = Buffer.from(zip);
  for (let at = forged.indexOf(a); at !== -1; at = forged.indexOf(a, at + 1)) b.copy(forged, at);
  return forged;
}
