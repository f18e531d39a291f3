/**
 * Game data hooks (`/api/game`, `/api/game/{id}`) on the shared query client: the public list, one
 * game's page with the caller's registration, joining and leaving.
 *
 * A game's phase (upcoming, running, ended) follows the clock, so pages compute it from `start` and
 * `end` with `gamePhase`; `useGame` polls only while something can change without the caller
 * doing anything: the game is running, or the registration waits for review.
 */
import { useEffect } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { GameJoin, PublicGameDetail, TeamInfo } from '@/api/types';
import { REFRESH_INTERVAL } from '@/lib/queryClient';

/** Games per page of the list (under the spec's maximum `count`). */
export const GAMES_PAGE_SIZE = 24;
/** The public list changes rarely, and the server caches it for up to a minute. */
const LIST_STALE_TIME = 60_000;
/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

export const gameKeys = {
  all: ['games'] as const,
  list: ['games', 'list'] as const,
  detail: (id: number) => ['games', 'detail', id] as const,
};

/** The caller's teams, for the join dialog; the teams page shares the key. */
export const myTeamsKey = ['teams', 'mine'] as const;

export type GamePhase = 'upcoming' | 'running' | 'ended';

export function gamePhase(game: { start: number; end: number }, now = Date.now()): GamePhase {
  if (now < game.start) return 'upcoming';
  return now <= game.end ? 'running' : 'ended';
}

/**
 * The scoreboard freeze players are under at `now` (the game's `freezeTime`, a Vexil addition):
 * the freeze time from then until the end, else undefined. As the server's `isBoardFrozen`.
 */
export function activeFreeze(
  game: { end: number; freezeTime?: number | null },
  now = Date.now(),
): number | undefined {
  const { freezeTime } = game;
  return freezeTime != null && freezeTime <= now && now < game.end ? freezeTime : undefined;
}

/** Challenges can be opened: running, or ended in practice mode. */
export function isPlayable(game: PublicGameDetail, now = Date.now()): boolean {
  const phase = gamePhase(game, now);
  return phase === 'running' || (phase === 'ended' && game.practiceMode);
}

/** Registrations are open: the game has not ended, or it is in practice mode. */
export function canJoin(game: PublicGameDetail, now = Date.now()): boolean {
  return gamePhase(game, now) !== 'ended' || game.practiceMode;
}

/** The public games, latest start first, a page at a time (`fetchNextPage` for more). */
export function useGames() {
  return useInfiniteQuery({
    queryKey: gameKeys.list,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET('/api/game', {
          params: { query: { count: GAMES_PAGE_SIZE, skip: pageParam } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
    },
    staleTime: LIST_STALE_TIME,
    meta: { persist: true },
  });
}

/** Polling matters while the game runs or the registration waits for review. */
export function shouldPollGame(game: PublicGameDetail | undefined, now = Date.now()): boolean {
  if (!game) return false;
  return game.status === 'Pending' || gamePhase(game, now) === 'running';
}

/** Milliseconds until the game next changes phase (its start or its end), or undefined. */
function untilNextPhase(game: PublicGameDetail, now: number): number | undefined {
  const next = [game.start, game.end].find((time) => time > now);
  return next === undefined ? undefined : Math.min(next - now + 1, MAX_TIMER);
}

/** One game's public page with the caller's registration (`Unsubmitted` for visitors). */
export function useGame(id: number) {
  const query = useQuery({
    queryKey: gameKeys.detail(id),
    queryFn: async () => unwrap(await api.GET('/api/game/{id}', { params: { path: { id } } })),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (q) => (shouldPollGame(q.state.data) ? REFRESH_INTERVAL : false),
  });
  const { data: game, refetch } = query;
  // Read again when the game starts or ends: polling starts or stops, and the page's state with it.
  useEffect(() => {
    const delay = game && untilNextPhase(game, Date.now());
    if (delay === undefined) return;
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [game, refetch]);
  return query;
}

/**
 * The signed-in caller's teams (`GET /api/team`), read only while `enabled`. A personal entry for individual games (issue 25) is never one of them: the
 * server does not list it, and should one come anyway it is dropped here, so that no team page,
 * team picker or invitation ever offers it.
 */
export function useMyTeams(enabled = true) {
  return useQuery({
    queryKey: myTeamsKey,
    queryFn: async (): Promise<TeamInfo[]> =>
      unwrap(await api.GET('/api/team')).filter((team) => team.personal !== true),
    enabled,
  });
}

function refreshAfterRegistration(queryClient: QueryClient, id: number) {
  // An accepted registration locks the team, so the teams are read again too.
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: gameKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: myTeamsKey }),
  ]);
}

/** Registers the caller with one of their teams. */
export function useJoinGame(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GameJoin) =>
      unwrap(await api.POST('/api/game/{id}', { params: { path: { id } }, body })),
    onSuccess: () => refreshAfterRegistration(queryClient, id),
  });
}

/** Withdraws the caller from the game (allowed while the registration is pending or rejected). */
export function useLeaveGame(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      unwrap(await api.DELETE('/api/game/{id}', { params: { path: { id } } })),
    onSuccess: () => refreshAfterRegistration(queryClient, id),
  });
}
