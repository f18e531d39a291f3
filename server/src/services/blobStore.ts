/**
 * Where file contents live, by content hash. `BlobStore` is all the file service knows; the
 * configured one is made by blobStoreFor.ts. LocalBlobStore keeps a folder of blobs
 * (`<folder>/ab/abcdef…`, by default the data folder's `files/`); an S3-compatible store would be
 * another implementation of the same four calls.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

export interface BlobStore {
  put(hash: string, data: Buffer): Promise<void>;
  /** Stores the content of a local file (whose hash the caller checked) without reading it whole. */
  putFile(hash: string, source: string): Promise<void>;
  open(hash: string): Promise<{ stream: Readable; size: number } | null>;
  remove(hash: string): Promise<void>;
}

const HASH = /^[0-9a-f]{64}$/;

export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private path(hash: string): string {
    if (!HASH.test(hash)) throw new Error(`Not a content hash: ${hash}`);
    return join(this.root, hash.slice(0, 2), hash);
  }

  async put(hash: string, data: Buffer): Promise<void> {
    const target = this.path(hash);
    const existing = await stat(target).catch(() => null);
    if (existing?.size === data.length) return;
    await mkdir(join(this.root, hash.slice(0, 2)), { recursive: true });
    // Write then rename, so a reader never sees a half-written blob.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data);
    await rename(temp, target);
  }

  async putFile(hash: string, source: string): Promise<void> {
    const target = this.path(hash);
    const [existing, incoming] = await Promise.all([stat(target).catch(() => null), stat(source)]);
    if (existing?.size === incoming.size) return;
    await mkdir(join(this.root, hash.slice(0, 2)), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await copyFile(source, temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async open(hash: string): Promise<{ stream: Readable; size: number } | null> {
    const target = this.path(hash);
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(target), size: info.size };
  }

  async remove(hash: string): Promise<void> {
    await rm(this.path(hash), { force: true });
  }
}
