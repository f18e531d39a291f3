/** Storing and releasing files: the database row and the blob change together. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import {
  addFileReference,
  releaseFileReference,
  type StoredFile,
} from '../db/repositories/files.js';
import { isActiveType, typeForUploadName } from '../domain/storedFileTypes.js';
import type { BlobStore } from './blobStore.js';

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export class FileService {
  constructor(
    private readonly db: Kysely<DB>,
    readonly blobs: BlobStore,
  ) {}

  /**
   * Stores the content (once per hash) and adds a reference to it under `name`. `contentType` is
   * what downloads are served with: the caller's when it checked the content (a re-encoded image,
   * a PDF), else the one the name says with active types (HTML, SVG, scripts…) neutralised.
   */
  async store(
    data: Buffer,
    name: string,
    options: { contentType?: string; now?: number } = {},
  ): Promise<StoredFile> {
    const contentType = options.contentType ?? typeForUploadName(name);
    if (isActiveType(contentType)) throw new Error(`Refusing to record the type ${contentType}`);
    const hash = sha256(data);
    await this.blobs.put(hash, data);
    return addFileReference(this.db, {
      hash,
      name,
      size: data.length,
      now: options.now ?? Date.now(),
      contentType,
    });
  }

  /**
   * `store` for content already on disk (an unpacked archive entry), copied to the blob store
   * without being read into memory; `hash` and `size` are the caller's, measured as it was written.
   */
  async storeFile(
    source: { path: string; hash: string; size: number },
    name: string,
    options: { now?: number } = {},
  ): Promise<StoredFile> {
    const contentType = typeForUploadName(name);
    if (isActiveType(contentType)) throw new Error(`Refusing to record the type ${contentType}`);
    await this.blobs.putFile(source.hash, source.path);
    return addFileReference(this.db, {
      hash: source.hash,
      name,
      size: source.size,
      now: options.now ?? Date.now(),
      contentType,
    });
  }

  /** Drops a reference; the blob goes when nothing refers to it any more. */
  async release(hash: string | null | undefined): Promise<'deleted' | 'kept' | 'missing'> {
    if (!hash) return 'missing';
    const outcome = await releaseFileReference(this.db, hash);
    if (outcome === 'deleted') await this.blobs.remove(hash);
    return outcome;
  }
}
