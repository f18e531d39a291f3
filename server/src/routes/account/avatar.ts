/** PUT /api/account/avatar: a new avatar image (the shared flow: ../avatarUpload.ts). */
import { swapUserAvatar } from '../../db/repositories/users.js';
import type { Handlers } from '../../http/handlers.js';
import { uploadAvatar } from '../avatarUpload.js';
import { currentUser } from './guards.js';

export const avatarHandlers: Handlers = {
  async accountUpdateAvatar(request, reply) {
    const user = await currentUser(request);
    return uploadAvatar(
      request,
      reply,
      (hash) => swapUserAvatar(request.server.db, user.id, hash),
      'The account no longer exists',
    );
  },
};
