/** Joining and leaving a game (G4, G5). */
import type { Handlers } from '../../http/handlers.js';
import { joinGame, leaveGame } from '../../services/playJoin.js';
import { callerOf, logAction, requireGame } from './context.js';

export const gameJoinHandlers: Handlers = {
  async gameJoinGame(request) {
    const caller = callerOf(request);
    const game = await requireGame(request, request.params.id);
    const outcome = await joinGame(request.server.db, game, caller.id, request.body);
    if (outcome.accepted) request.server.scoreboards.invalidate(game.id);
    logAction(
      request,
      `${caller.userName} joined game ${game.title} with team ${request.body.teamId}`,
    );
  },

  async gameLeaveGame(request) {
    const caller = callerOf(request);
    const game = await requireGame(request, request.params.id);
    const { releasedWriteup } = await leaveGame(request.server.db, game.id, caller.id);
    await request.server.files.release(releasedWriteup);
    logAction(request, `${caller.userName} left game ${game.title}`);
  },
};
