/** The caller's personal API tokens (issue 26): `/api/account/tokens`. Never callable with a token
 *  (`x-vexil-token-scope: None`): only a signed-in session manages tokens. */
import {
  createApiToken,
  deleteApiToken,
  listUserApiTokens,
  type ApiToken,
} from '../../db/repositories/apiTokens.js';
import { scopeFitsRole } from '../../db/tables/apiTokens.js';
import { hashApiToken, newApiToken, newTokenProblem } from '../../domain/apiTokens.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { components } from '#wire/schema.gen.js';

export const TOKEN_NOT_FOUND = 'The API token was not found';

type ApiTokenInfoModel = components['schemas']['ApiTokenInfoModel'];

export const toTokenInfo = (token: ApiToken): ApiTokenInfoModel => ({
  id: token.id,
  name: token.name,
  scope: token.scope,
  createdAt: token.createdAt,
  expiresAt: token.expiresAt,
  lastUsedAt: token.lastUsedAt,
  lastUsedIp: token.lastUsedIp,
});

export const apiTokenHandlers: Handlers = {
  async accountListTokens(request) {
    const tokens = await listUserApiTokens(request.server.db, request.user!.id, Date.now());
    return tokens.map(toTokenInfo);
  },

  async accountCreateToken(request) {
    const user = request.user!;
    const { name, scope, expiresAt = null } = request.body;
    const now = Date.now();
    const problem = newTokenProblem({ scope, expiresAt }, scopeFitsRole(scope, user.role), now);
    if (problem) throw badRequest(problem);
    const secret = newApiToken();
    const token = await createApiToken(request.server.db, {
      userId: user.id,
      name,
      scope,
      tokenHash: hashApiToken(secret),
      expiresAt,
      now,
    });
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `Created the API token "${token.name}" (${scope})`,
    );
    return { token: secret, info: toTokenInfo(token) };
  },

  async accountRevokeToken(request) {
    const user = request.user!;
    const id = request.params.id.toLowerCase();
    const hash = await deleteApiToken(request.server.db, id, user.id);
    if (!hash) throw notFound(TOKEN_NOT_FOUND);
    request.server.apiTokens.forget(hash);
    request.log.info(
      { userName: user.userName, ip: request.ip, taskStatus: 'Success' },
      `Revoked the API token ${id}`,
    );
  },
};
