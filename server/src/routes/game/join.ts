/** Joining and leaving a game (G4, G5). */
import type { Handlers } from '../../http/handlers.js';
import { joinGame, leaveGame } from '../../services/playJoin.js';
import { publishRegistrationChange } from '../../services/registrationChanges.js';
import { callerOf, logAction, requireGame } from './context.js';

export const gameJoinHandlers: Handlers = {
  async gameJoinGame(request) {
    const caller = callerOf(request);
    const game = await requireGame(request, request.params.id);
    const outcome = await joinGame(request.server, game, caller.id, request.body);
    publishRegistrationChange(request.server.realtime, {
      gameId: game.id,
      teamId: outcome.teamId,
      status: outcome.status,
      previous: outcome.previous,
    });
    logAction(request, `${caller.userName} joined game ${game.title} with team ${outcome.teamId}`);
  },

  async gameLeaveGame(request) {
    const caller = callerOf(request);
    const game = await requireGame(request, request.params.id);
    const { releasedWriteup, removed } = await leaveGame(request.server.db, game.id, caller.id);
    await request.server.files.release(releasedWriteup);
    if (removed) {
      publishRegistrationChange(request.server.realtime, {
        gameId: game.id,
        teamId: removed.teamId,
        status: null,
        previous: removed.status,
      });
    }
    logAction(request, `${caller.userName} left game ${game.title}`);
  },
};
