/**
 * H3 `/hub/admin`: Admin only; pushes every Information-or-higher log event of the server
 * (ReceivedLog) and, a Vexil addition, each change of a team's registration
 * (ReceivedRegistrationChange, services/registrationChanges.ts). The log store's entries are
 * published to the admins' group on the realtime bus, so with Redis an admin sees the logs of
 * every instance.
 */
import type { FastifyInstance } from 'fastify';
import type { LogEntry } from '../../services/logStore.js';
import { groups } from '../../services/realtime.js';
import { hasRole } from '../roles.js';
import { ACCESS_DENIED, reject, type HubDefinition } from './hub.js';
import { toLogMessage } from '../../domain/logMessages.js';

export const adminHub: HubDefinition = {
  path: '/hub/admin',
  async admit(request) {
    if (!request.user || !hasRole(request.user.role, 'Admin')) {
      if (request.user) {
        request.log.warn(
          { userName: request.user.userName, ip: request.ip },
          'Access denied to /hub/admin',
        );
      }
      return reject(ACCESS_DENIED);
    }
    return { groups: [groups.admins] };
  },
};

/** LogMessageModel, as GET /api/admin/logs renders a stored entry (epoch-ms time). */
/** Publishes each stored log entry to the admins until the app closes. */
export function forwardLogs(app: FastifyInstance): void {
  const forward = (entry: LogEntry) =>
    app.realtime.publish(groups.admins, 'ReceivedLog', toLogMessage(entry));
  app.logStore.on('log', forward);
  app.addHook('onClose', async () => {
    app.logStore.off('log', forward);
  });
}
