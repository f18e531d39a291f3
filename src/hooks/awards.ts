/**
 * Giving an award from the board (issue 25, Admins only): `POST /api/edit/games/{id}/awards`. The
 * board follows by itself (the server rebuilds it and the players' hub says so).
 */
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { AwardCreate } from '@/api/types';

export function useGiveAward(gameId: number) {
  return useMutation({
    mutationFn: async (body: AwardCreate) =>
      unwrap(
        await api.POST('/api/edit/games/{id}/awards', { params: { path: { id: gameId } }, body }),
      ),
  });
}
