/** Everyone's personal API tokens in the console (issue 26): `/api/admin/tokens`. */
import { deleteApiToken, listApiTokens } from '../../db/repositories/apiTokens.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { TOKEN_NOT_FOUND, toTokenInfo } from '../account/apiTokens.js';
import { logAdminAction } from './adminLog.js';

export const adminApiTokenHandlers: Handlers = {
  async adminListTokens(request) {
    const { userId, count = 100, skip = 0 } = request.query;
    const { tokens, total } = await listApiTokens(
      request.server.db,
      { userId: userId?.toLowerCase(), skip, count },
      Date.now(),
    );
    const data = tokens.map((token) => ({
      ...toTokenInfo(token),
      userId: token.userId,
      userName: token.userName,
    }));
    return { data, length: data.length, total };
  },

  async adminRevokeToken(request) {
    const id = request.params.id.toLowerCase();
    const hash = await deleteApiToken(request.server.db, id);
    if (!hash) throw notFound(TOKEN_NOT_FOUND);
    request.server.apiTokens.forget(hash);
    logAdminAction(request, `Revoked the API token ${id}`);
  },
};
