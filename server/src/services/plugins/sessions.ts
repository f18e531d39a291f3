/** `app.sessions`: who a session cookie belongs to, cached and forgotten on every instance. */
import type { SessionLookup } from '../../domain/sessionUser.js';
import { sessionsFor, type Sessions } from '../sessions.js';
import { servicePlugin } from '../servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

export const sessionsPlugin = servicePlugin(
  'sessions',
  (app, options: { lookupSession?: SessionLookup }) => sessionsFor(app, options.lookupSession),
  ['db', 'clusterEvents'],
);
