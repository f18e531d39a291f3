/**
 * `app.gameImports`: the one game import this instance runs at a time (importSlot.ts). Imports
 * unpack into the data folder's `imports/` (beside the default file store, on the disk the data
 * is sized for, not in a small system temporary folder).
 */
import { join } from 'node:path';
import { GameImportSlot } from '../gameArchive/importSlot.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    gameImports: GameImportSlot;
  }
}

export const gameImportsPlugin = servicePlugin(
  'gameImports',
  (app) => new GameImportSlot(join(app.config.dataDir, 'imports')),
  ['config'],
);
