/**
 * Individual play (issue 25): whether a game is played alone, and a context that tells the parts
 * of a game's pages which name the competitor (scoreboard rows, team card, challenge page) to say
 * "player" instead of "team". A game from a server that does not send `playMode` (the reference
 * platform) is a team game.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PlayMode } from '@/api/types';

export const isIndividual = (game: { playMode?: PlayMode | null } | null | undefined) =>
  game?.playMode === 'Individual';

const IndividualPlayContext = createContext(false);

/** Marks what it wraps as belonging to an individual game when `game.playMode` says so. */
export function PlayModeProvider({
  game,
  children,
}: {
  game: { playMode?: PlayMode | null } | null | undefined;
  children: ReactNode;
}) {
  return (
    <IndividualPlayContext.Provider value={isIndividual(game)}>
      {children}
    </IndividualPlayContext.Provider>
  );
}

/** True inside an individual game's pages: name the competitor a player. */
export const useIndividualPlay = () => useContext(IndividualPlayContext);
