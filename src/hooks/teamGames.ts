/**
 * A team's public record (`GET /api/team/{id}/games`, a Vexil addition): the listed games it
 * played, each with its row of the public scoreboard and the challenges it solved.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const teamGamesKey = (teamId: number) => ['teams', 'public', teamId, 'games'] as const;

export function useTeamGames(teamId: number) {
  return useQuery({
    queryKey: teamGamesKey(teamId),
    queryFn: async () =>
      unwrap(await api.GET('/api/team/{id}/games', { params: { path: { id: teamId } } })),
    staleTime: 30_000,
  });
}
