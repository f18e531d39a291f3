/**
 * A game's scoreboard (`GET /api/game/{id}/scoreboard`) and the public card of a team on it
 * (`GET /api/team/{id}`), on the shared query client.
 *
 * While the game runs (`live`) the board is read every 10 s, and again shortly after a blood
 * notice arrives on the user hub (`/hub/user?game={id}`, `ReceivedGameNotice`): a blood means the
 * board just changed. After the end nothing moves any more, so it neither polls nor listens.
 */
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { GameNotice, NoticeType } from '../api/types';
import { REFRESH_INTERVAL } from '../app/queryClient';
import { useHub } from '../app/realtime/useHub';

export const scoreboardKeys = {
  board: (gameId: number) => ['games', 'scoreboard', gameId] as const,
  team: (teamId: number) => ['teams', 'public', teamId] as const,
};

/**
 * The server sends the blood notice before it rebuilds the board in the background, so an
 * immediate read would usually get the board without that solve.
 */
export const BLOOD_REFRESH_DELAY = 1_500;

const BLOOD_NOTICES: readonly NoticeType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

export const isBloodNotice = (notice: Pick<GameNotice, 'type'>) =>
  BLOOD_NOTICES.includes(notice.type);

export interface UseScoreboardOptions {
  /** Read only while true (the game has started: before, the server refuses). */
  enabled?: boolean;
  /** The game is running: poll, and follow blood notices. */
  live?: boolean;
}

export function useScoreboard(
  gameId: number,
  { enabled = true, live = false }: UseScoreboardOptions = {},
) {
  const queryClient = useQueryClient();
  const key = scoreboardKeys.board(gameId);
  const query = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(await api.GET('/api/game/{id}/scoreboard', { params: { path: { id: gameId } } })),
    enabled,
    refetchInterval: live ? REFRESH_INTERVAL : false,
  });

  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const hubStatus = useHub<Pick<GameNotice, 'type'>>({
    url: `/hub/user?game=${gameId}`,
    target: 'ReceivedGameNotice',
    enabled: enabled && live,
    onMessage: (notice) => {
      if (!isBloodNotice(notice)) return;
      // several bloods in a burst make one read
      clearTimeout(pending.current);
      pending.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: key }),
        BLOOD_REFRESH_DELAY,
      );
    },
  });

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
