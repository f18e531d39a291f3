/**
 * The console data layer's kit: what every route-table entry shares. The list envelope and page,
 * the shape of one resource's operations, local paging, a game's path parameters and multipart
 * bodies, and the nested resources' metadata (react-admin `meta`: `{ gameId }`, `{ gameId,
 * challengeId }`) with the hooks that read it from the page's URL. Imports nothing of the console.
 */
import type { Identifier, RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { HttpError } from '@/api/client';

export interface ListEnvelope<R> {
  data: R[];
  length: number;
  total: number;
}

/** What a list request asks for, in the API's terms. */
export interface Page {
  skip: number;
  count: number;
}

/**
 * The operations behind one resource. `M` is the react-admin `meta` a nested resource needs (its
 * parent ids); top-level resources ignore it.
 */
export interface ResourceRoutes<R extends RaRecord, U, C, M = unknown> {
  /** The largest page the list operation accepts. */
  maxPageSize: number;
  /** A page of records; `total` counts them all. */
  list: (page: Page, meta: M) => Promise<ListEnvelope<R>>;
  /** Records matching a free-text hint, all in one answer (paged by the dataProvider). */
  search?: (hint: string, meta: M) => Promise<ListEnvelope<R>>;
  getOne: (id: Identifier, meta: M) => Promise<R>;
  /** Applies the changes; may answer the updated record, which then replaces the cached one. */
  update?: (id: Identifier, changes: U, meta: M) => Promise<unknown>;
  /** Creates and returns a record standing for what was created. */
  create?: (data: C, meta: M) => Promise<RaRecord>;
  delete?: (id: Identifier, meta: M) => Promise<unknown>;
}

/** A page of an answer that holds every record at once. */
export function pageLocally<R>(all: R[], { skip, count }: Page): ListEnvelope<R> {
  const data = all.slice(skip, skip + count);
  return { data, length: data.length, total: all.length };
}

/** The `{id}` of a game path. */
export const gamePath = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

/** One multipart body of files, for openapi-fetch (whose generated type of a binary is a string). */
export function multipart(field: string, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  return { bodySerializer: () => form };
}

/** react-admin `meta` of a game's challenges. */
export type GameMeta = {
  gameId: number;
};

/** react-admin `meta` of a challenge's flags. */
export type ChallengeMeta = GameMeta & {
  challengeId: number;
};

/** Parent ids of nested resources, from react-admin's `meta`. */
export function parentId(meta: unknown, key: 'gameId' | 'challengeId'): number {
  const id = Number((meta as Record<string, unknown> | undefined)?.[key]);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(`meta.${key} is missing`, 400);
  return id;
}

/** The parent game of a nested resource. */
export const gameIdOf = (meta: unknown): number => parentId(meta, 'gameId');

/** `:id` of `/games/:id/challenges…` as the nested resources' meta. */
export function useGameMeta(): GameMeta {
  const { id } = useParams();
  return { gameId: Number(id) };
}

/** `:id` and `:chalId` of `/games/:id/challenges/:chalId…`. */
export function useChallengeMeta(): ChallengeMeta {
  const { id, chalId } = useParams();
  return { gameId: Number(id), challengeId: Number(chalId) };
}
