/**
 * H2 `/hub/monitor?game=<id>`: Monitor and Admin; pushes the game's events (ReceivedGameEvent)
 * and checked submissions (ReceivedSubmissions).
 */
import { groups } from '../../services/realtime.js';
import { hasRole } from '../roles.js';
import { ACCESS_DENIED, reject, requestedGame, UNKNOWN_GAME, type HubDefinition } from './hub.js';

export const monitorHub: HubDefinition = {
  path: '/hub/monitor',
  async admit(request) {
    if (!request.user || !hasRole(request.user.role, 'Monitor')) return reject(ACCESS_DENIED);
    const game = await requestedGame(request);
    return game === null ? reject(UNKNOWN_GAME) : { groups: [groups.monitors(game)] };
  },
};
