/**
 * `app.sessions`: who a session cookie belongs to, cached and forgotten on every instance; expired
 * sessions are pruned once an hour (sessionPruner.ts).
 */
import type { SessionLookup } from '../../domain/sessionUser.js';
import { startSessionPruner, type SessionPruner } from '../sessionPruner.js';
import { sessionsFor, type Sessions } from '../sessions.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export const sessionsPlugin = servicePlugin(
  'sessions',
  (app, options: { lookupSession?: SessionLookup }) => {
    let pruner: SessionPruner | undefined;
    app.addHook('onReady', async () => void (pruner = startSessionPruner(app)));
    app.addHook('onClose', () => pruner?.stop());
    return sessionsFor(app, options.lookupSession);
  },
  ['db', 'clusterEvents', 'clusterLock'],
);
