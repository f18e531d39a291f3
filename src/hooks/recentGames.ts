/**
 * The games closest to now (`GET /api/game/recent`), for the home page: running first, then
 * upcoming, then ended. Public and slow-changing, so kept in the local cache; pages follow the
 * clock for the phases (`gamePhase`), so nothing polls.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { gameKeys } from './games';

/** The server may lag a game change by a few seconds and caches the list itself. */
const RECENT_STALE_TIME = 60_000;

export const recentGamesKey = (limit: number) => [...gameKeys.all, 'recent', limit] as const;

export function useRecentGames(limit: number) {
  return useQuery({
    queryKey: recentGamesKey(limit),
    queryFn: async () =>
      unwrap(await api.GET('/api/game/recent', { params: { query: { limit } } })),
    staleTime: RECENT_STALE_TIME,
    meta: { persist: true },
  });
}
