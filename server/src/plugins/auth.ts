/**
 * Identifies the caller: a personal API token in `Authorization: Bearer …` (issue 26), else the
 * session cookie, puts the user (or null) on the request, and the token's grant when it came with
 * one. Role checks happen per operation (roles.ts), and a token's scope (tokenScopes.ts); this
 * plugin only says who calls.
 *
 * A request with a Bearer header is the token's and never the cookie's: a token that does not
 * resolve (malformed, unknown, expired, revoked, voided) leaves the caller anonymous, never falls
 * back to the session, and the role check answers 401 with TOKEN_REFUSED (an operation open to
 * anyone answers as to anyone). A token in the URL is refused with 400 before anything else (URLs
 * end up in logs, histories and proxies; the logger redacts it too).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { bearerTokenOf, urlCarriesToken } from '../domain/apiTokens.js';
import type { SessionLookup, SessionUser } from '../domain/sessionUser.js';
import { badRequest } from '../http/errors.js';
import type { ApiTokenGrant, ApiTokens } from '../services/apiTokens/cachedApiTokens.js';

export const SESSION_COOKIE = 'vexil_session';
export const TOKEN_IN_URL =
  'API tokens are not accepted in URLs: send them in the Authorization header (Bearer)';
export const TOKEN_REFUSED = 'The API token is invalid, expired or revoked';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Set when the request was authenticated by a personal API token. */
    apiToken: ApiTokenGrant | null;
    /** The request came with a Bearer token that did not resolve. */
    tokenRefused: boolean;
  }
}

async function identify(
  request: FastifyRequest,
  lookup: SessionLookup,
  tokens: ApiTokens,
): Promise<void> {
  if (urlCarriesToken(request.url)) throw badRequest(TOKEN_IN_URL);
  const bearer = bearerTokenOf(request.headers.authorization);
  if (bearer !== undefined) {
    const caller = await tokens.lookup(bearer, request);
    if (!caller) {
      request.tokenRefused = true;
      return;
    }
    request.user = caller.user;
    request.apiToken = caller.grant;
    return;
  }
  const session = request.cookies[SESSION_COOKIE];
  request.user = session ? await lookup(session, request) : null;
}

export const authPlugin = fp<{ lookup: SessionLookup; tokens: ApiTokens }>(
  async (app, { lookup, tokens }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('apiToken', null);
    app.decorateRequest('tokenRefused', false);
    app.addHook('onRequest', async (request) => identify(request, lookup, tokens));
  },
);
