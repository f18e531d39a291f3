/**
 * Priced hints for teams and monitors (issue 25): a team unlocks a hint (the registration gate
 * of flag submissions, and a challenge locked to the team is refused as there); monitors list
 * every unlock of the game.
 */
import { findChallenge } from '../../db/repositories/challenges.js';
import { listHintUnlocks } from '../../db/repositories/hints.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { unlockHint } from '../../services/hints.js';
import { logAction, passGate, requireGame } from './context.js';
import { refuseIfLocked } from './locks.js';
import { teamOf } from './teamView.js';

const unknownChallenge = () => notFound('The challenge was not found');

export const gameHintHandlers: Handlers = {
  async gameUnlockHint(request) {
    const { id, challengeId, hintId } = request.params;
    const { game, participation, caller, now } = await passGate(request, id, {
      endedBlocked: true,
    });
    const challenge = await findChallenge(request.server.db, game.id, challengeId);
    if (!challenge?.isEnabled) throw unknownChallenge();
    await refuseIfLocked(request, game.id, challenge.id, teamOf(participation), unknownChallenge);
    const result = await unlockHint(request.server, {
      game,
      participationId: participation.id,
      challengeId: challenge.id,
      hintId,
      user: caller,
      now,
    });
    if (result.recorded) {
      logAction(
        request,
        `${caller.userName} unlocked hint ${hintId} (cost ${result.hint.cost}) of ${challenge.title} in ${game.title}`,
      );
    }
    return result;
  },

  async gameGetHintUnlocks(request) {
    const game = await requireGame(request, request.params.id);
    return listHintUnlocks(request.server.db, game.id);
  },
};
