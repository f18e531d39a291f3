/**
 * Route-table entries of `participations`, the registrations of one game under review (meta
 * `{ gameId }`): read from `GET /api/game/{id}/participations` (every status at once, not paged
 * by the API), changed through `PUT /api/admin/participation/{id}`.
 */
import type { Identifier } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import type { Participation, ParticipationEdit } from '@/api/types';
import { gameIdOf } from './kit';
import { type ResourceRoutes, pageLocally, gamePath } from './kit';

const listAll = async (meta: unknown): Promise<Participation[]> =>
  unwrap(await api.GET('/api/game/{id}/participations', gamePath(gameIdOf(meta))));

export const participationRoutes = {
  maxPageSize: 1000,
  list: async (page, meta) => pageLocally(await listAll(meta), page),
  /** The API has no single-participation read: the game's list holds it. */
  getOne: async (id, meta) => {
    const found = (await listAll(meta)).find((participation) => participation.id === Number(id));
    if (!found) throw new HttpError('Participation not found', 404);
    return found;
  },
  /** Status and/or division; the API answers no body. */
  update: async (id: Identifier, body) =>
    unwrap(
      await api.PUT('/api/admin/participation/{id}', {
        params: { path: { id: Number(id) } },
        body,
      }),
    ),
} satisfies ResourceRoutes<Participation, ParticipationEdit, never, unknown>;
