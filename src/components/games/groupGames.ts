/**
 * The games list's sections: running games first (ending soonest first), then upcoming ones
 * (starting soonest first), then ended ones (latest end first).
 */
import type { PublicGame } from '@/api/types';
import { gamePhase, type GamePhase } from '@/hooks/games';

export const SECTION_ORDER: readonly GamePhase[] = ['running', 'upcoming', 'ended'];

export type GamesByPhase = Record<GamePhase, PublicGame[]>;

export function groupGames(games: readonly PublicGame[], now: number): GamesByPhase {
  const groups: GamesByPhase = { running: [], upcoming: [], ended: [] };
  const seen = new Set<number>();
  for (const game of games) {
    // pages read at different times may repeat a game when the list changed in between
    if (seen.has(game.id)) continue;
    seen.add(game.id);
    groups[gamePhase(game, now)].push(game);
  }
  groups.running.sort((a, b) => a.end - b.end);
  groups.upcoming.sort((a, b) => a.start - b.start);
  groups.ended.sort((a, b) => b.end - a.end);
  return groups;
}
