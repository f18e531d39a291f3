import { dropFileRecord } from '../../db/repositories/attachments.js';
import { findFileByHash } from '../../db/repositories/files.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { UploadedFile } from '../../spec/multipart.js';
import { logAdminAction } from '../admin/adminLog.js';

/** Uploading and deleting files (/api/assets*). Each upload adds one reference to its content;
 *  a delete drops one. */
export const assetManageHandlers: Handlers = {
  async assetsUpload(request) {
    const body = (request.body ?? {}) as { files?: UploadedFile[] };
    const { filename } = request.query;
    const stored = [];
    for (const file of body.files ?? []) {
      if (file.data.length === 0) continue;
      const record = await request.server.files.store(file.data, filename ?? file.filename);
      stored.push({ hash: record.hash, name: record.name });
    }
    logAdminAction(request, `Uploaded ${stored.length} file(s)`);
    return stored;
  },

  async assetsDelete(request) {
    const { hash } = request.params;
    const { files, db } = request.server;
    const record = await findFileByHash(db, hash);
    if (!record) throw notFound('The file was not found');
    const blob = await files.blobs.open(hash);
    if (!blob) {
      // The content is gone already: drop the record altogether.
      await dropFileRecord(db, hash);
      throw notFound('The file was not found');
    }
    blob.stream.destroy();
    await files.release(hash);
    logAdminAction(request, `Deleted file ${hash}`);
  },
};
