import type { Handlers } from '../../http/handlers.js';
import { notFound } from '../../http/errors.js';
import { setUploadedContentHeaders } from '../../http/uploadedContent.js';
import { findFileByHash } from '../../db/repositories/files.js';
import { downloadName, servedType } from '../../domain/storedFileTypes.js';

const ONE_WEEK = 'public, max-age=604800';

/** Served with the content type recorded at upload, whatever the requested name says
 *  (`/assets/{avatar}/x.js` is still image/webp), always as an attachment. */
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
    return setUploadedContentHeaders(reply, {
      type: servedType(file.contentType),
      downloadName: downloadName(filename, file.name, file.contentType),
    })
      .header('content-length', blob.size)
      .send(blob.stream);
  },
};
