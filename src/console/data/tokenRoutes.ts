/**
 * Route-table entries of the `tokens` resource (issue 26): every user's personal API tokens
 * (`GET /api/admin/tokens`, paged by the API, one user's with the list's `filter.userId`), and
 * their revocation (`DELETE /api/admin/tokens/{id}`). There is no read of one token: `getOne`
 * finds it in the first page of the list.
 */
import type { Identifier } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import type { ApiTokenAdminInfo } from '@/api/types';
import type { ResourceRoutes } from './kit';
import { listQueryOf } from './listQueryLifecycle';

export type TokenRecord = ApiTokenAdminInfo;

const MAX_PAGE = 500;

/** The user a list is filtered by (`filter.userId`), if any. */
function userFilterOf(meta: unknown): string | undefined {
  const id = listQueryOf(meta).filter?.userId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

export const tokenRoutes = {
  maxPageSize: MAX_PAGE,
  list: async ({ skip, count }, meta) =>
    unwrap(
      await api.GET('/api/admin/tokens', {
        params: { query: { skip, count, userId: userFilterOf(meta) } },
      }),
    ),
  getOne: async (id) => {
    const { data } = unwrap(
      await api.GET('/api/admin/tokens', { params: { query: { count: MAX_PAGE } } }),
    );
    const found = data.find((token) => token.id === String(id));
    if (!found) throw new HttpError('The API token was not found', 404);
    return found;
  },
  delete: async (id: Identifier) =>
    unwrap(await api.DELETE('/api/admin/tokens/{id}', { params: { path: { id: String(id) } } })),
} satisfies ResourceRoutes<TokenRecord, never, never>;

export const tokenLabel = (token: TokenRecord) => `${token.name} (${token.userName})`;
