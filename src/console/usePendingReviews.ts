/**
 * The registrations waiting for a review in the games that have not ended, per game, for the
 * console menu's badge. Read through the console's data provider (games, then each open game's
 * participations); its query key starts with `participations`, so whatever refreshes the review
 * queue refreshes the badge too (./registrationUpdates.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Game, Participation } from '@/api/types';
import { PARTICIPATIONS_QUERY } from './registrationUpdates';

export interface PendingGame {
  gameId: number;
  title: string;
  pending: number;
}

const ALL = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'id', order: 'DESC' as const },
  filter: {},
};

export function usePendingReviews() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [...PARTICIPATIONS_QUERY, 'pending'],
    queryFn: async (): Promise<PendingGame[]> => {
      const { data: games } = await dataProvider.getList<Game>('games', ALL);
      const open = games.filter((game) => game.end > Date.now());
      const counts = await Promise.all(
        open.map(async (game) => {
          const { data } = await dataProvider.getList<Participation>('participations', {
            ...ALL,
            meta: { gameId: game.id },
          });
          const pending = data.filter((p) => p.status === 'Pending').length;
          return { gameId: game.id, title: game.title, pending };
        }),
      );
      return counts.filter((count) => count.pending > 0);
    },
  });
}
