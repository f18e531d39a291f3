import { countFiles, listFiles } from '../../db/repositories/files.js';
import type { Handlers } from '../../http/handlers.js';

/** The admin file list (/api/admin/files): a page by name; `total` counts every file. */
export const adminFileHandlers: Handlers = {
  async adminGetFiles(request) {
    const { count = 50, skip = 0 } = request.query;
    const { db } = request.server;
    const files = await listFiles(db, skip, count);
    return {
      data: files.map(({ hash, name }) => ({ hash, name })),
      length: files.length,
      total: await countFiles(db),
    };
  },
};
