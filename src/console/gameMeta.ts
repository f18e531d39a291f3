/** Parent ids of nested resources, from react-admin's `meta` (`{ gameId }`, `{ gameId, challengeId }`). */
import { HttpError } from '@/api/client';

export function parentId(meta: unknown, key: 'gameId' | 'challengeId'): number {
  const id = Number((meta as Record<string, unknown> | undefined)?.[key]);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(`meta.${key} is missing`, 400);
  return id;
}

/** The parent game of a nested resource. */
export const gameIdOf = (meta: unknown): number => parentId(meta, 'gameId');
