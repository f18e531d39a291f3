/** PUT /api/team/{id}/avatar: the captain uploads a team image (re-encoded 300 px wide: WebP, or GIF from a GIF). */
import { avatarUrl } from '../../domain/profiles.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { AVATAR_WIDTH, processImage } from '../../services/images.js';
import { replaceTeamAvatar } from '../../services/teamEdits.js';
import type { UploadedFile } from '../../spec/multipart.js';
import { logTeamAction, requireCaptainedTeam, TEAM_NOT_FOUND } from './guards.js';

export const teamAvatarHandlers: Handlers = {
  async teamUpdateAvatar(request, reply) {
    const team = await requireCaptainedTeam(request, request.params.id);
    const { file } = request.body as { file: UploadedFile };
    if (file.data.length === 0) throw badRequest('The file is empty');
    const image = await processImage(file.data, { width: AVATAR_WIDTH });

    const { files } = request.server;
    const stored = await files.store(image.data, `avatar.${image.extension}`, {
      contentType: image.contentType,
    });
    let swapped: { previous: string | null } | null;
    try {
      swapped = await replaceTeamAvatar(request.server, team.id, stored.hash);
    } catch (error) {
      await files.release(stored.hash);
      throw error;
    }
    if (!swapped) {
      await files.release(stored.hash);
      throw notFound(TEAM_NOT_FOUND);
    }
    await files.release(swapped.previous);
    logTeamAction(request, `Updated the avatar of team ${team.name} (${team.id})`);
    return reply
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(avatarUrl(stored.hash)));
  },
};
