/**
 * The one flow of a new avatar (an account's or a team's): refuse an empty file, re-encode it
 * 300 px wide (WebP, or GIF from a GIF), store it, swap it in, release the one it replaced, and
 * answer its URL as a JSON string. A swap that fails or finds no owner releases the new blob.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { avatarUrl } from '../domain/profiles.js';
import { badRequest, notFound } from '../http/errors.js';
import { AVATAR_WIDTH, processImage } from '../services/images.js';
import type { UploadedFile } from '../spec/multipart.js';

/** Swaps the owner's avatar to `hash`: the blob it replaced, or null when the owner is gone. */
export type AvatarSwap = (hash: string) => Promise<{ previous: string | null } | null>;

export async function uploadAvatar(
  request: FastifyRequest,
  reply: FastifyReply,
  swap: AvatarSwap,
  ownerGone: string,
) {
  const { file } = request.body as { file: UploadedFile };
  if (file.data.length === 0) throw badRequest('The file is empty');
  const image = await processImage(file.data, { width: AVATAR_WIDTH });

  const { files } = request.server;
  const stored = await files.store(image.data, `avatar.${image.extension}`, {
    contentType: image.contentType,
  });
  let swapped: { previous: string | null } | null;
  try {
    swapped = await swap(stored.hash);
  } catch (error) {
    await files.release(stored.hash);
    throw error;
  }
  if (!swapped) {
    await files.release(stored.hash);
    throw notFound(ownerGone);
  }
  await files.release(swapped.previous);
  // A JSON string literal: Fastify would send a bare string as text.
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(avatarUrl(stored.hash)));
}
