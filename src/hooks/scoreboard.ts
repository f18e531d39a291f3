/**
 * A game's scoreboard (`GET /api/game/{id}/scoreboard`) and the public card of a team on it
 * (`GET /api/team/{id}`), on the shared query client.
 *
 * While the game runs (`live`) the board is read again after each update the players' hub
 * announces (./boardUpdates.ts), and after the hub comes back from an outage; it is also read
 * every minute in case an update was missed, and every 10 s while the hub is down. The browser
 * revalidates the board it holds (ETag), so these reads cost a 304 unless the board changed.
 * After the end nothing moves any more, so it neither polls nor listens.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { Scoreboard } from '@/api/types';
import { REFRESH_INTERVAL } from '@/lib/queryClient';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';
import { LIVE_SAFETY_INTERVAL, useBoardUpdates } from './boardUpdates';

export const scoreboardKeys = {
  board: (gameId: number) => ['games', 'scoreboard', gameId] as const,
  team: (teamId: number) => ['teams', 'public', teamId] as const,
};

export interface UseScoreboardOptions {
  /** Read only while true (the game has started: before, the server refuses). */
  enabled?: boolean;
  /** The game is running: follow the board's updates. */
  live?: boolean;
  /** The caller is a monitor or organiser: follow the live board on the monitors' hub. */
  monitor?: boolean;
}

export function useScoreboard(
  gameId: number,
  { enabled = true, live = false, monitor = false }: UseScoreboardOptions = {},
) {
  const queryClient = useQueryClient();
  const key = scoreboardKeys.board(gameId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const hubStatus = useBoardUpdates(gameId, {
    enabled: enabled && live,
    monitor,
    holds: (version) =>
      (queryClient.getQueryData<Scoreboard>(key)?.updateTimeUtc ?? -Infinity) >= version,
    refresh,
  });
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(await api.GET('/api/game/{id}/scoreboard', { params: { path: { id: gameId } } })),
    enabled,
    refetchInterval: !live ? false : hubStatus === 'live' ? LIVE_SAFETY_INTERVAL : REFRESH_INTERVAL,
  });
  useRefetchOnReconnect(hubStatus, refresh);

  return { ...query, hubStatus };
}

/** A team with its members, for the scoreboard's team card; read while `teamId` is set. */
export function useTeamCard(teamId: number | undefined) {
  return useQuery({
    queryKey: scoreboardKeys.team(teamId ?? 0),
    queryFn: async () =>
      unwrap(await api.GET('/api/team/{id}', { params: { path: { id: teamId ?? 0 } } })),
    enabled: teamId !== undefined,
    staleTime: 60_000,
  });
}
