/** PUT /api/account/avatar: a new avatar image, re-encoded 300 px wide (WebP, or GIF from a GIF). */
import { swapUserAvatar } from '../../db/repositories/users.js';
import { avatarUrl } from '../../domain/profiles.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { AVATAR_WIDTH, processImage } from '../../services/images.js';
import type { UploadedFile } from '../../spec/multipart.js';
import { currentUser } from './guards.js';

export const avatarHandlers: Handlers = {
  async accountUpdateAvatar(request, reply) {
    const { file } = request.body as { file: UploadedFile };
    if (file.data.length === 0) throw badRequest('The file is empty');
    const user = await currentUser(request);
    const image = await processImage(file.data, { width: AVATAR_WIDTH });

    const { files, db } = request.server;
    const stored = await files.store(image.data, `avatar.${image.extension}`, {
      contentType: image.contentType,
    });
    let swapped: { previous: string | null } | null;
    try {
      swapped = await swapUserAvatar(db, user.id, stored.hash);
    } catch (error) {
      await files.release(stored.hash);
      throw error;
    }
    if (!swapped) {
      await files.release(stored.hash);
      throw notFound('The account no longer exists');
    }
    await files.release(swapped.previous);
    // A JSON string literal: Fastify would send a bare string as text.
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(avatarUrl(stored.hash)));
  },
};
