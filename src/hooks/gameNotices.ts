/**
 * A game's notices (`GET /api/game/{id}/notices`), kept current by the user hub
 * (`/hub/user?game={id}`, `ReceivedGameNotice`): each pushed notice is merged into the cached list
 * at once, and the list is read again whenever the channel comes back after a loss, so nothing sent
 * meanwhile is missed.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { GameNotice } from '@/api/types';
import { useHub } from '@/lib/realtime/useHub';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';

export const noticeKeys = {
  list: (gameId: number) => ['games', 'notices', gameId] as const,
};

/** A notice as the hub sends it: the same fields, but the time is an ISO-8601 string. */
type HubNotice = Omit<GameNotice, 'time'> & { time: number | string };

export function fromHubNotice(notice: HubNotice): GameNotice {
  const time = typeof notice.time === 'string' ? Date.parse(notice.time) : notice.time;
  return { ...notice, time: Number.isFinite(time) ? time : Date.now() };
}

/** Newest first (the server puts normal notices first; players want the latest on top). */
export function newestFirst(notices: readonly GameNotice[]): GameNotice[] {
  return [...notices].sort((a, b) => b.time - a.time || b.id - a.id);
}

/** `list` with `notice` added, or replacing the one with its id. */
export function mergeNotice(list: readonly GameNotice[] | undefined, notice: GameNotice) {
  return newestFirst([...(list ?? []).filter((item) => item.id !== notice.id), notice]);
}

export interface UseGameNoticesOptions {
  /** Read and listen only while true (the game has started). */
  enabled?: boolean;
  /** Called for each notice pushed live (not for those read with the list). */
  onLiveNotice?: (notice: GameNotice) => void;
}

export function useGameNotices(
  gameId: number,
  { enabled = true, onLiveNotice }: UseGameNoticesOptions = {},
) {
  const queryClient = useQueryClient();
  const key = noticeKeys.list(gameId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      newestFirst(
        unwrap(await api.GET('/api/game/{id}/notices', { params: { path: { id: gameId } } })),
      ),
    enabled,
  });

  const hubStatus = useHub<HubNotice>({
    url: `/hub/user?game=${gameId}`,
    target: 'ReceivedGameNotice',
    enabled,
    onMessage: (pushed) => {
      const notice = fromHubNotice(pushed);
      queryClient.setQueryData<GameNotice[]>(key, (list) => mergeNotice(list, notice));
      onLiveNotice?.(notice);
    },
  });

  useRefetchOnReconnect(hubStatus, () => queryClient.invalidateQueries({ queryKey: key }));
  return { ...query, hubStatus };
}
