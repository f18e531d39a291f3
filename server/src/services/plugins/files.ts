/** `app.files`: stored files, their blobs in the configured store (`VEXIL_STORAGE`, blobStoreFor.ts). */
import { blobStoreFor } from '../blobStoreFor.js';
import { FileService } from '../files.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileService;
  }
}

export const filesPlugin = servicePlugin(
  'files',
  (app) => new FileService(app.db, blobStoreFor(app.config.storage)),
  ['config', 'db'],
);
