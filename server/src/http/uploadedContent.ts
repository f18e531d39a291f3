/**
 * Headers for answers that carry what users or organisers uploaded (and traffic players made):
 * the recorded type, never sniffed; saved as an attachment unless it is an image we re-encoded
 * ourselves; and, should a browser render it anyway, a policy that loads nothing and runs it in a
 * sandbox with an opaque origin, away from the site's cookies and scripts.
 */
import contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** Replaces the site's policy on these answers only. */
export const UPLOADED_CONTENT_POLICY = "default-src 'none'; sandbox";

/** Types we produce by re-encoding an image (services/images.ts): the only ones shown inline. */
const REENCODED_IMAGE_TYPES = new Set(['image/webp', 'image/gif']);

export function setUploadedContentHeaders(
  reply: FastifyReply,
  content: { type: string; downloadName?: string; inlineImage?: boolean },
): FastifyReply {
  reply
    .type(content.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOADED_CONTENT_POLICY);
  if (content.inlineImage && REENCODED_IMAGE_TYPES.has(content.type)) {
    return reply.header('content-disposition', 'inline');
  }
  return reply.header(
    'content-disposition',
    contentDisposition(content.downloadName ?? 'download', { type: 'attachment' }),
  );
}
