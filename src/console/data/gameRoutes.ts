/**
 * Route-table entries of the `games` resource (`/api/edit/games`), and the game actions that are
 * not CRUD. Only HTTP here: ./editLifecycle.ts (`gameLifecycle`) shapes the bodies.
 */
import type { Identifier } from 'react-admin';
import { api, unwrap } from '@/api/client';
import type { CtfdImportResult, Game, GameEdit } from '@/api/types';
import { gamePath, multipart, type ResourceRoutes } from './kit';

export const gameRoutes = {
  maxPageSize: 100,
  list: async ({ skip, count }) =>
    unwrap(await api.GET('/api/edit/games', { params: { query: { skip, count } } })),
  getOne: async (id) => unwrap(await api.GET('/api/edit/games/{id}', gamePath(id))),
  update: async (id, body) =>
    unwrap(await api.PUT('/api/edit/games/{id}', { ...gamePath(id), body })),
  create: async (body) => unwrap(await api.POST('/api/edit/games', { body })),
  delete: async (id) => unwrap(await api.DELETE('/api/edit/games/{id}', gamePath(id))),
} satisfies ResourceRoutes<Game, GameEdit, GameEdit>;

/** Where a game's archive is downloaded (through the download helper). */
export const gameFiles = {
  /** `GET /api/edit/games/{id}/export`: the game as a zip archive. */
  archive: (id: Identifier) => `/api/edit/games/${id}/export`,
};

/** Non-CRUD game operations. */
export const gameActions = {
  /** `POST /api/edit/games/import` (multipart `file`): the new (hidden) game. */
  importArchive: async (file: File): Promise<Game> =>
    unwrap(
      await api.POST('/api/edit/games/import', {
        body: { file: file.name },
        ...multipart('file', [file]),
      }),
    ),

  /** `POST /api/edit/games/import/ctfd` (multipart `file`): the new game and the report. */
  importCtfd: async (file: File): Promise<CtfdImportResult> =>
    unwrap(
      await api.POST('/api/edit/games/import/ctfd', {
        body: { file: file.name },
        ...multipart('file', [file]),
      }),
    ),

  /** `PUT /api/edit/games/{id}/poster` (multipart `file`): the new poster URL. */
  uploadPoster: async (id: Identifier, file: File): Promise<string> =>
    unwrap(
      await api.PUT('/api/edit/games/{id}/poster', {
        ...gamePath(id),
        body: { file: file.name },
        ...multipart('file', [file]),
      }),
    ),
};
