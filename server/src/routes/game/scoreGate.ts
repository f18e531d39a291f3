/**
 * Score visibility at the routes (issue 25): whether the caller may see a game's scores now, from
 * the setting the stored board (or the game row) keeps, so the board's hot path stays in memory.
 */
import type { FastifyRequest } from 'fastify';
import {
  scoresRefusal,
  seesScores,
  type ScoreGame,
  type ScoreViewer,
} from '../../domain/scoreVisibility.js';
import { forbidden } from '../../http/errors.js';

export const scoreViewerOf = (request: FastifyRequest): ScoreViewer => ({
  signedIn: !!request.user,
  role: request.user?.role,
});

/** Whether the caller may see the game's scores now. */
export const callerSeesScores = (request: FastifyRequest, game: ScoreGame): boolean =>
  seesScores(game, scoreViewerOf(request), Date.now());

/** 403, titled with the reason, when the caller may not see the game's scores now. */
export function checkScoresVisible(request: FastifyRequest, game: ScoreGame): void {
  const refusal = scoresRefusal(game, scoreViewerOf(request), Date.now());
  if (refusal !== null) throw forbidden(refusal);
}
