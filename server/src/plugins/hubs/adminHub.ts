/**
 * H3 `/hub/admin`: Admin only; pushes every Information-or-higher log event of the server
 * (ReceivedLog) and, a Vexil addition, each change of a team's registration
 * (ReceivedRegistrationChange, services/registrationChanges.ts). The log store's entries are
 * published to the admins' group on the realtime bus, so with Redis an admin sees the logs of
 * every instance.
 *
 * Only a current admin receives them: each message is checked against the connection's session
 * as last read (sessionWatch.ts), and the connection closes once its user is signed out, demoted,
 * banned or deleted. A log line may carry a password-reset link (no mail server configured).
 */
import type { FastifyInstance } from 'fastify';
import type { LogEntry } from '../../services/logStore.js';
import { groups } from '../../services/realtime.js';
import type { SessionUser } from '../../domain/sessionUser.js';
import { hasRole } from '../roles.js';
import { ACCESS_DENIED, reject, type HubDefinition } from './hub.js';
import { toLogMessage } from '../../domain/logMessages.js';

/** Whether the viewer may hold the admins' hub and receive its messages. */
const isAdmin = (viewer: SessionUser | null) => viewer !== null && hasRole(viewer.role, 'Admin');

export const adminHub: HubDefinition = {
  path: '/hub/admin',
  async admit(request) {
    if (!isAdmin(request.user)) {
      if (request.user) {
        request.log.warn(
          { userName: request.user.userName, ip: request.ip },
          'Access denied to /hub/admin',
        );
      }
      return reject(ACCESS_DENIED);
    }
    return { groups: [groups.admins], allows: isAdmin };
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
