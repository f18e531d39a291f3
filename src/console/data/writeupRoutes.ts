/**
 * Route-table entries of `writeups`, the teams' writeups of one game (meta `{ gameId }`):
 * `GET /api/admin/writeups/{id}`, newest upload first, all at once (paged locally). Read only:
 * files are downloaded through the download helper (src/lib/download.ts), at `writeupFiles`.
 */
import type { Identifier } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import { fileNameOf } from '@/lib/files';
import type { WriteupInfo } from '@/api/types';
import { gameIdOf } from './kit';
import { pageLocally, type ResourceRoutes, gamePath } from './kit';

const listAll = async (meta: unknown) =>
  unwrap(await api.GET('/api/admin/writeups/{id}', gamePath(gameIdOf(meta))));

export const writeupRoutes = {
  maxPageSize: 1000,
  list: async (page, meta) => pageLocally(await listAll(meta), page),
  getOne: async (id, meta) => {
    const found = (await listAll(meta)).find((writeup) => writeup.id === Number(id));
    if (!found) throw new HttpError('The writeup was not found', 404);
    return found;
  },
} satisfies ResourceRoutes<WriteupInfo, never, never, unknown>;

/** Where a game's writeup files are downloaded from. */
export const writeupFiles = {
  /** `GET /api/admin/writeups/{id}/all`: every writeup in one tar.gz archive. */
  all: (gameId: Identifier) => `/api/admin/writeups/${gameId}/all`,
  /** The stored file's name, from its `/assets/{hash}/{name}` URL. */
  nameOf: (writeup: Pick<WriteupInfo, 'url'>) => fileNameOf(writeup.url),
};
