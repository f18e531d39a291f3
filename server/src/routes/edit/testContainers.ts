/** The organiser's test container of a challenge (E22 start, E23 stop). */
import { toContainerInfo } from '../../domain/containers.js';
import type { Handlers } from '../../http/handlers.js';
import { startTestContainer, stopTestContainer } from '../../services/containers/testContainers.js';
import { logAdminAction } from '../admin/adminLog.js';
import { requireChallenge } from './lookup.js';

export const editTestContainerHandlers: Handlers = {
  async editCreateTestContainer(request) {
    const { id: gameId, cId } = request.params;
    const { challenge } = await requireChallenge(request, gameId, cId);
    const container = await startTestContainer(request.server.containers, challenge);
    logAdminAction(request, `Started a test container of challenge ${cId} of game ${gameId}`);
    return toContainerInfo(container);
  },

  async editDestroyTestContainer(request) {
    const { id: gameId, cId } = request.params;
    await requireChallenge(request, gameId, cId);
    await stopTestContainer(request.server.containers, cId);
    logAdminAction(request, `Stopped the test container of challenge ${cId} of game ${gameId}`);
  },
};
