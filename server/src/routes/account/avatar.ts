/**
 * PUT /api/account/avatar: a new avatar image (the shared flow: ../avatarUpload.ts), the player's
 * personal entry's too.
 */
import type { Handlers } from '../../http/handlers.js';
import { replaceAccountAvatar } from '../../services/personalEntries.js';
import { uploadAvatar } from '../avatarUpload.js';
import { currentUser } from './guards.js';

export const avatarHandlers: Handlers = {
  async accountUpdateAvatar(request, reply) {
    const user = await currentUser(request);
    return uploadAvatar(
      request,
      reply,
      async (hash) => {
        // The personal entry (individual play) shows the player's avatar too.
        const swapped = await replaceAccountAvatar(request.server, user.id, hash);
        if (!swapped) return null;
        await request.server.files.release(swapped.entryPrevious);
        return { previous: swapped.previous };
      },
      'The account no longer exists',
    );
  },
};
