import contentDisposition from 'content-disposition';
import mime from 'mime-types';
import type { Handlers } from '../../http/handlers.js';
import { notFound } from '../../http/errors.js';
import { findFileByHash } from '../../db/repositories/files.js';

const ONE_WEEK = 'public, max-age=604800';

/** The content type follows the requested name's extension, else the stored name's
 *  (`/assets/{hash}/avatar` of a stored `avatar.webp` is served as image/webp). */
export const assetDownloadHandlers: Handlers = {
  async assetsGetFile(request, reply) {
    const { hash, filename } = request.params;
    const file = await findFileByHash(request.server.db, hash);
    const blob = file && (await request.server.files.blobs.open(hash));
    if (!file || !blob) throw notFound('The file was not found');

    const etag = `"${hash.slice(8, 16)}"`;
    const lastModified = new Date(Math.floor(file.uploadedAt / 1000) * 1000);
    reply
      .header('etag', etag)
      .header('cache-control', ONE_WEEK)
      .header('last-modified', lastModified.toUTCString());

    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
    const fresh = ifNoneMatch
      ? ifNoneMatch
          .split(',')
          .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
      : !Number.isNaN(ifModifiedSince) && lastModified.getTime() <= ifModifiedSince;
    if (fresh) {
      blob.stream.destroy();
      return reply.code(304).send();
    }
    return reply
      .type(mime.lookup(filename) || mime.lookup(file.name) || 'application/octet-stream')
      .header('content-length', blob.size)
      .header('content-disposition', contentDisposition(filename))
      .header('x-content-type-options', 'nosniff')
      .send(blob.stream);
  },
};
