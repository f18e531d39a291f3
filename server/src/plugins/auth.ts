/**
 * Reads the session cookie and puts the signed-in user (or null) on the request. Role checks
 * happen per operation (roles.ts); this plugin only identifies the caller.
 */
import fp from 'fastify-plugin';
import type { SessionLookup, SessionUser } from '../domain/sessionUser.js';

export const SESSION_COOKIE = 'vexil_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export const authPlugin = fp<{ lookup: SessionLookup }>(async (app, { lookup }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await lookup(token, request) : null;
  });
});
