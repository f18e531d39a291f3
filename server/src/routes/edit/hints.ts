/**
 * Priced hints of a challenge (issue 25): organisers list, add, change and remove them. The
 * writes are the hints service's; each is recorded in the admin log.
 */
import type { PricedHint } from '../../db/repositories/hints.js';
import { listChallengeHints } from '../../db/repositories/hints.js';
import type { Handlers } from '../../http/handlers.js';
import { addPricedHint, editPricedHint, removePricedHint } from '../../services/hints.js';
import { logAdminAction } from '../admin/adminLog.js';
import { requireChallenge } from './lookup.js';

/** The wire form (PricedHintModel). */
export const toPricedHintModel = (hint: PricedHint) => ({
  id: hint.id,
  content: hint.content,
  cost: hint.cost,
});

export const editHintHandlers: Handlers = {
  async editGetPricedHints(request) {
    const { challenge } = await requireChallenge(request, request.params.id, request.params.cId);
    return (await listChallengeHints(request.server.db, challenge.id)).map(toPricedHintModel);
  },

  async editAddPricedHint(request) {
    const { game, challenge } = await requireChallenge(
      request,
      request.params.id,
      request.params.cId,
    );
    const hint = await addPricedHint(request.server, game, challenge.id, request.body);
    logAdminAction(
      request,
      `Added priced hint ${hint.id} (cost ${hint.cost}) to challenge ${challenge.title} of game ${game.id}`,
    );
    return toPricedHintModel(hint);
  },

  async editUpdatePricedHint(request) {
    const { game, challenge } = await requireChallenge(
      request,
      request.params.id,
      request.params.cId,
    );
    const hint = await editPricedHint(
      request.server,
      challenge.id,
      request.params.hintId,
      request.body,
    );
    logAdminAction(
      request,
      `Updated priced hint ${hint.id} (cost ${hint.cost}) of challenge ${challenge.title} of game ${game.id}`,
    );
    return toPricedHintModel(hint);
  },

  async editDeletePricedHint(request) {
    const { game, challenge } = await requireChallenge(
      request,
      request.params.id,
      request.params.cId,
    );
    await removePricedHint(request.server, game, challenge.id, request.params.hintId);
    logAdminAction(
      request,
      `Removed priced hint ${request.params.hintId} of challenge ${challenge.title} of game ${game.id}`,
    );
  },
};
