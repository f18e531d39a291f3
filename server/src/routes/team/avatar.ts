/** PUT /api/team/{id}/avatar: the captain uploads a team image (the shared flow: ../avatarUpload.ts). */
import type { Handlers } from '../../http/handlers.js';
import { replaceTeamAvatar } from '../../services/teamEdits.js';
import { uploadAvatar } from '../avatarUpload.js';
import { logTeamAction, requireCaptainedTeam, TEAM_NOT_FOUND } from './guards.js';

export const teamAvatarHandlers: Handlers = {
  async teamUpdateAvatar(request, reply) {
    const team = await requireCaptainedTeam(request, request.params.id);
    const sent = await uploadAvatar(
      request,
      reply,
      (hash) => replaceTeamAvatar(request.server, team.id, hash),
      TEAM_NOT_FOUND,
    );
    logTeamAction(request, `Updated the avatar of team ${team.name} (${team.id})`);
    return sent;
  },
};
