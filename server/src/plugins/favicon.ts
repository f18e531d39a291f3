/**
 * `GET /favicon.webp`: the favicon made from the uploaded logo, or Vexil's flag mark rendered once
 * at start. Revalidated on every use through its ETag, so a new logo shows at once.
 */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { findFileByHash } from '../db/repositories/files.js';
import { servedType } from '../domain/storedFileTypes.js';
import { setUploadedContentHeaders } from '../http/uploadedContent.js';
import { FAVICON_WIDTH } from '../services/images.js';
import { sha256 } from '../services/files.js';

/** The mark of `public/favicon.svg` (a test keeps the two identical). */
export const FLAG_MARK_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#1c7ed6"/>
  <path d="M18 12v42" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
  <path d="M20 14h26l-7 9 7 9H20z" fill="#fff"/>
</svg>
`;

export const faviconEtag = (hash: string) => `"favicon-${hash.slice(0, 8)}"`;

export async function renderBuiltInFavicon(): Promise<Buffer> {
  // 72 dpi renders the 64-unit view box at 64 px; scale the density to draw at full size.
  const density = (72 * FAVICON_WIDTH) / 64;
  return sharp(Buffer.from(FLAG_MARK_SVG), { density })
    .resize({ width: FAVICON_WIDTH })
    .webp({ quality: 90 })
    .toBuffer();
}

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/** The uploaded favicon, when one is set and its content is still stored. */
async function customFavicon(app: FastifyInstance) {
  const hash = (await app.settings.get()).globalConfig.faviconHash;
  if (!hash) return null;
  const file = await findFileByHash(app.db, hash);
  const blob = file && (await app.files.blobs.open(hash));
  if (!file || !blob) return null;
  return { hash, type: servedType(file.contentType), name: file.name, ...blob };
}

export async function registerFavicon(app: FastifyInstance): Promise<void> {
  const builtIn = await renderBuiltInFavicon();
  const builtInEtag = faviconEtag(sha256(builtIn));

  app.get('/favicon.webp', { schema: { hide: true } }, async (request, reply) => {
    const custom = await customFavicon(app);
    const etag = custom ? faviconEtag(custom.hash) : builtInEtag;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matches(request.headers['if-none-match'], etag)) {
      custom?.stream.destroy();
      return reply.code(304).send();
    }
    if (!custom) return reply.type('image/webp').send(builtIn);
    // Shown inline only when it is an image we re-encoded (any other type downloads).
    return setUploadedContentHeaders(reply, {
      type: custom.type,
      downloadName: custom.name,
      inlineImage: true,
    })
      .header('content-length', custom.size)
      .send(custom.stream);
  });
}
