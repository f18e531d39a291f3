/** Team containers for administrators (`/api/admin/instances`): list all, destroy one. */
import { listTeamContainers } from '../../db/repositories/containerInstances.js';
import { findContainer } from '../../db/repositories/containers.js';
import { avatarUrl } from '../../domain/profiles.js';
import { DomainError } from '../../domain/errors.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { containerFailure } from '../../services/containers/errors.js';
import { logAdminAction } from './adminLog.js';

export const adminInstanceHandlers: Handlers = {
  async adminGetInstances(request) {
    const containers = await listTeamContainers(request.server.db);
    const data = containers.map((c) => ({
      team: c.team && { id: c.team.id, name: c.team.name, avatar: avatarUrl(c.team.avatarHash) },
      challenge: c.challenge,
      game: c.game,
      image: c.image,
      containerGuid: c.id,
      containerId: c.engineId,
      startedAt: c.startedAt,
      expectStopAt: c.expectStopAt,
      ip: c.publicIp ?? c.ip,
      port: c.publicPort ?? c.port,
    }));
    return { data, length: data.length, total: data.length };
  },

  async adminDestroyInstance(request) {
    const { containers } = request.server;
    const container = await findContainer(containers.db, request.params.id.toLowerCase());
    if (!container) throw notFound('The instance was not found');
    try {
      await containers.destroy(container);
    } catch (error) {
      if (!(error instanceof DomainError)) {
        request.log.warn({ err: error }, `Could not destroy container ${container.id}`);
      }
      throw containerFailure(error, 'Failed to destroy the instance');
    }
    logAdminAction(request, `Destroyed container ${container.id}`);
  },
};
