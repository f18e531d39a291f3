/**
 * Awards (issue 25): organisers give, edit and remove points of a team in a game. The writes are
 * the awards service's (it says the board changed); each is recorded in the admin log, which
 * the admin hub pushes to the console as it does every organiser action.
 */
import type { Award } from '../../db/repositories/awards.js';
import type { Handlers } from '../../http/handlers.js';
import { editAward, giveAward, removeAward } from '../../services/awards.js';
import { logAdminAction } from '../admin/adminLog.js';
import { requireGame } from './lookup.js';

/** The wire form (AwardModel). */
export const toAwardModel = (award: Award) => ({
  id: award.id,
  gameId: award.gameId,
  teamId: award.teamId,
  teamName: award.teamName,
  participationId: award.participationId,
  value: award.value,
  reason: award.reason,
  time: award.time,
  givenBy: award.givenBy,
  createdAt: award.createdAt,
  updatedAt: award.updatedAt,
});

const points = (value: number) => (value > 0 ? `+${value}` : `${value}`);

export const editAwardHandlers: Handlers = {
  async editAddAward(request) {
    const game = await requireGame(request, request.params.id);
    const award = await giveAward(request.server, game, request.body, request.user?.id ?? null);
    logAdminAction(
      request,
      `Gave award ${award.id} (${points(award.value)}) to ${award.teamName} in game ${game.id}: ${award.reason}`,
    );
    return toAwardModel(award);
  },

  async editUpdateAward(request) {
    const game = await requireGame(request, request.params.id);
    const award = await editAward(request.server, game, request.params.awardId, request.body);
    logAdminAction(
      request,
      `Updated award ${award.id} (${points(award.value)}) of ${award.teamName} in game ${game.id}: ${award.reason}`,
    );
    return toAwardModel(award);
  },

  async editDeleteAward(request) {
    const game = await requireGame(request, request.params.id);
    const award = await removeAward(request.server, game, request.params.awardId);
    logAdminAction(
      request,
      `Removed award ${award.id} (${points(award.value)}) of ${award.teamName} in game ${game.id}`,
    );
  },
};
