/**
 * Route-table entries of `awards`, the points organisers give or take from a game's teams (meta
 * `{ gameId }`, issue 25): read from `GET /api/game/{id}/awards` (all at once, by time), written
 * through `/api/edit/games/{id}/awards…`. The entries list them newest first and page locally.
 */
import type { Identifier } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import type { Award, AwardCreate, AwardUpdate } from '@/api/types';
import { gameIdOf, gamePath, pageLocally, type ResourceRoutes } from './kit';

const awardPath = (meta: unknown, awardId: Identifier) => ({
  params: { path: { id: gameIdOf(meta), awardId: Number(awardId) } },
});

/** Newest first (by the time it counts at, then by id). */
export const newestFirst = (awards: Award[]) =>
  [...awards].sort((a, b) => b.time - a.time || b.id - a.id);

const listAll = async (meta: unknown) =>
  newestFirst(unwrap(await api.GET('/api/game/{id}/awards', gamePath(gameIdOf(meta)))));

/** Only the request model's fields: react-admin's form data carries the whole record. */
export const awardBody = ({ teamId, value, reason, time }: AwardCreate): AwardCreate => ({
  teamId: Number(teamId),
  value: Number(value),
  reason,
  time: time ?? null,
});

const updateBody = ({ teamId, value, reason, time }: AwardUpdate): AwardUpdate => ({
  ...(teamId !== undefined && { teamId: Number(teamId) }),
  ...(value !== undefined && { value: Number(value) }),
  ...(reason !== undefined && { reason }),
  ...(typeof time === 'number' && { time }),
});

export const awardRoutes = {
  maxPageSize: 1000,
  list: async (page, meta) => pageLocally(await listAll(meta), page),
  /** The API has no single-award read: the game's list holds it. */
  getOne: async (id, meta) => {
    const found = (await listAll(meta)).find((award) => award.id === Number(id));
    if (!found) throw new HttpError('The award was not found', 404);
    return found;
  },
  update: async (id, body, meta) =>
    unwrap(
      await api.PUT('/api/edit/games/{id}/awards/{awardId}', {
        ...awardPath(meta, id),
        body: updateBody(body),
      }),
    ),
  create: async (body, meta) =>
    unwrap(
      await api.POST('/api/edit/games/{id}/awards', {
        ...gamePath(gameIdOf(meta)),
        body: awardBody(body),
      }),
    ),
  delete: async (id, meta) =>
    unwrap(await api.DELETE('/api/edit/games/{id}/awards/{awardId}', awardPath(meta, id))),
} satisfies ResourceRoutes<Award, AwardUpdate, AwardCreate, unknown>;
