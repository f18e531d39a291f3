/**
 * Order of the recent games list (Vexil differs from the reference): running games first (the one
 * ending soonest first), then upcoming games (soonest start first), then ended games (latest end
 * first). Ties keep the higher id first. Pure.
 */
export interface TimedGame {
  id: number;
  start: number;
  end: number;
}

export const RECENT_GAMES_MAX = 50;

function phase(game: TimedGame, now: number): 0 | 1 | 2 {
  if (game.start <= now && now <= game.end) return 0;
  return game.start > now ? 1 : 2;
}

function key(game: TimedGame, now: number): number {
  switch (phase(game, now)) {
    case 0:
      return game.end;
    case 1:
      return game.start;
    default:
      return -game.end;
  }
}

export function orderRecentGames<G extends TimedGame>(games: G[], now: number, limit: number): G[] {
  const max = limit > 0 ? Math.min(limit, RECENT_GAMES_MAX) : RECENT_GAMES_MAX;
  return [...games]
    .sort((a, b) => phase(a, now) - phase(b, now) || key(a, now) - key(b, now) || b.id - a.id)
    .slice(0, max);
}
