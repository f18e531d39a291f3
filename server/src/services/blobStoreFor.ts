/**
 * The blob store the configuration names (`VEXIL_STORAGE`, `VEXIL_STORAGE_PATH`), made in this one
 * place: the file service and everything above it see only `BlobStore`, so an object store is
 * another kind here and another class beside LocalBlobStore, with no caller to change. Several
 * instances share their uploads by sharing the store: for `local`, one volume mounted at the same
 * path on every instance.
 */
import type { StorageConfig } from '../config.js';
import { LocalBlobStore, type BlobStore } from './blobStore.js';

export function blobStoreFor(config: StorageConfig): BlobStore {
  switch (config.kind) {
    case 'local':
      return new LocalBlobStore(config.path);
  }
}
