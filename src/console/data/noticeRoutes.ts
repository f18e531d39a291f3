/**
 * Route-table entries of `notices`, the notices an organiser writes for one game (meta
 * `{ gameId }`): `/api/edit/games/{id}/notices`. The API answers only `Normal` notices — the
 * platform's own blood, new-challenge and new-hint notices cannot be read, edited or deleted
 * here — all at once, by id; the entries order them newest first and page them locally.
 */
import type { Identifier } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import type { GameNotice, GameNoticeText } from '@/api/types';
import { gameIdOf } from './kit';
import { pageLocally, type ResourceRoutes, gamePath } from './kit';

const noticePath = (meta: unknown, noticeId: Identifier) => ({
  params: { path: { id: gameIdOf(meta), noticeId: Number(noticeId) } },
});

/** Newest first; an edited notice counts as new (editing resets its time). */
export const newestFirst = (notices: GameNotice[]) =>
  [...notices].sort((a, b) => b.time - a.time || b.id - a.id);

const listAll = async (meta: unknown) =>
  newestFirst(unwrap(await api.GET('/api/edit/games/{id}/notices', gamePath(gameIdOf(meta)))));

/** Only the request model's field: react-admin's form data carries the whole record. */
const textOf = ({ content }: GameNoticeText): GameNoticeText => ({ content });

export const noticeRoutes = {
  maxPageSize: 1000,
  list: async (page, meta) => pageLocally(await listAll(meta), page),
  /** The API has no single-notice read: the game's list holds it. */
  getOne: async (id, meta) => {
    const found = (await listAll(meta)).find((notice) => notice.id === Number(id));
    if (!found) throw new HttpError('The notice was not found', 404);
    return found;
  },
  /** Answers the edited notice (its time reset to now). */
  update: async (id, body, meta) =>
    unwrap(
      await api.PUT('/api/edit/games/{id}/notices/{noticeId}', {
        ...noticePath(meta, id),
        body: textOf(body),
      }),
    ),
  /** Publishes the notice (pushed live to players) and answers it. */
  create: async (body, meta) =>
    unwrap(
      await api.POST('/api/edit/games/{id}/notices', {
        ...gamePath(gameIdOf(meta)),
        body: textOf(body),
      }),
    ),
  delete: async (id, meta) =>
    unwrap(await api.DELETE('/api/edit/games/{id}/notices/{noticeId}', noticePath(meta, id))),
} satisfies ResourceRoutes<GameNotice, GameNoticeText, GameNoticeText, unknown>;
