/** A game's awards for monitors and organisers (issue 25): read before, during and after it. */
import { listAwards } from '../../db/repositories/awards.js';
import type { Handlers } from '../../http/handlers.js';
import { toAwardModel } from '../edit/awards.js';
import { requireGame } from './context.js';

export const gameAwardHandlers: Handlers = {
  async gameGetAwards(request) {
    const game = await requireGame(request, request.params.id);
    return (await listAwards(request.server.db, game.id)).map(toAwardModel);
  },
};
