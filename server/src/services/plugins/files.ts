/** `app.files`: stored files, their blobs under `$VEXIL_DATA/files`. */
import { join } from 'node:path';
import { LocalBlobStore } from '../blobStore.js';
import { FileService } from '../files.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileService;
  }
}

export const filesPlugin = servicePlugin(
  'files',
  (app) => new FileService(app.db, new LocalBlobStore(join(app.config.dataDir, 'files'))),
  ['config', 'db'],
);
