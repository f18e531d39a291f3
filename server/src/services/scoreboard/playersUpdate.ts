/** The "board changed" message of a build for the players' hub (ReceivedScoreboardUpdate). */
import type { components } from '#wire/schema.gen.js';
import { isBoardFrozen } from '../../domain/scoring/freeze.js';
import type { BoardBytes } from './boardBytes.js';

/** The hub message of a rebuilt board. */
export type ScoreboardUpdate = components['schemas']['ScoreboardUpdate'];

/**
 * What players are told of a build: while the board is frozen for them, only a change of the
 * frozen board (a new version of it), never a build for a solve after the freeze, which would
 * tell them that someone just solved something.
 */
export function playersUpdate(
  board: BoardBytes,
  previous: BoardBytes | undefined,
  now: number,
): ScoreboardUpdate | undefined {
  const { frozen } = board;
  if (!frozen || !isBoardFrozen({ end: board.endTime, freezeTime: board.freezeTime }, now)) {
    return { gameId: board.gameId, version: board.version };
  }
  if (previous?.frozen?.version === frozen.version) return undefined;
  return { gameId: board.gameId, version: frozen.version };
}
