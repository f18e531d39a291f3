/**
 * Which view of a game's board a caller gets (issue 17, scoreboard freeze): the live board unless
 * the board is frozen now; then monitors and organisers still get the live board, a signed-in
 * player on the board their team's own view (services/scoreboard/ownView.ts), anyone else the
 * frozen board. The decision reads the board's own copy of the game's times, so it costs nothing
 * until the freeze, and one registration lookup per signed-in player during it.
 */
import type { FastifyRequest } from 'fastify';
import { findParticipationOfUser } from '../../db/repositories/participations.js';
import { isBoardFrozen } from '../../domain/scoring/freeze.js';
import type { BoardBytes, BoardView } from '../../services/scoreboard/boardBytes.js';
import { hasRole } from '../../plugins/roles.js';

/** Whether players see this board frozen at `now`. */
export const frozenForPlayers = (board: BoardBytes, now: number): boolean =>
  isBoardFrozen({ end: board.endTime, freezeTime: board.freezeTime }, now);

/** Whether the caller sees live boards whatever the freeze (Monitor and Admin). */
export const seesLiveBoard = (request: FastifyRequest): boolean =>
  !!request.user && hasRole(request.user.role, 'Monitor');

/**
 * The frozen view when players see the board frozen now, else undefined. A board built before
 * the freeze has none: every solve on it predates the freeze, so it is the frozen board as it
 * is, and a build that adds the frozen view is asked for.
 */
export function frozenViewOf(request: FastifyRequest, board: BoardBytes): BoardView | undefined {
  if (!frozenForPlayers(board, Date.now())) return undefined;
  if (!board.frozen) {
    request.server.scoreboards.requestFrozenView(board.gameId);
    return board;
  }
  return board.frozen;
}

/** The view the caller gets; `teamId` when already known (the caller's team in the game). */
export async function boardViewFor(
  request: FastifyRequest,
  board: BoardBytes,
  teamId?: number,
): Promise<BoardView> {
  if (seesLiveBoard(request)) return board;
  const frozen = frozenViewOf(request, board);
  if (!frozen || frozen === board || !request.user || board.freezeTime === null) {
    return frozen ?? board;
  }
  const team =
    teamId ??
    (await findParticipationOfUser(request.server.db, board.gameId, request.user.id))?.teamId;
  if (team === undefined) return frozen;
  return request.server.scoreboards.ownViews.viewOf(board, frozen, board.freezeTime, team);
}
