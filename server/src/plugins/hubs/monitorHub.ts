/**
 * H2 `/hub/monitor?game=<id>`: Monitor and Admin; pushes the game's events (ReceivedGameEvent)
 * and checked submissions (ReceivedSubmissions), whose flag text only a current Monitor or Admin
 * receives: each message is checked against the connection's session as last read
 * (sessionWatch.ts), and the connection closes once its user is signed out, demoted, banned or
 * deleted.
 */
import type { SessionUser } from '../../domain/sessionUser.js';
import { groups } from '../../services/realtime.js';
import { hasRole } from '../roles.js';
import { ACCESS_DENIED, reject, requestedGame, UNKNOWN_GAME, type HubDefinition } from './hub.js';

/** Whether the viewer may hold a monitors' hub and receive its messages. */
const isMonitor = (viewer: SessionUser | null) =>
  viewer !== null && hasRole(viewer.role, 'Monitor');

export const monitorHub: HubDefinition = {
  path: '/hub/monitor',
  async admit(request) {
    if (!isMonitor(request.user)) return reject(ACCESS_DENIED);
    const game = await requestedGame(request);
    return game === null
      ? reject(UNKNOWN_GAME)
      : { groups: [groups.monitors(game)], allows: isMonitor };
  },
};
