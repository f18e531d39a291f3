/** Challenges of a game (E16–E21): create, list, read, update, delete, recount solves. */
import type { FastifyRequest } from 'fastify';
import {
  createChallenge,
  listChallenges,
  type Challenge,
} from '../../db/repositories/challenges.js';
import { listUnlockRules } from '../../db/repositories/challengeUnlocks.js';
import { countFlags } from '../../db/repositories/flags.js';
import { createNotice } from '../../db/repositories/notices.js';
import { updateChanges, updateNotices, updateViolation } from '../../domain/challengeEdit.js';
import { isGameRunning } from '../../domain/gameInput.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import {
  deleteGameChallenge,
  recountGameSolves,
  updateGameChallenge,
} from '../../services/gameEdits.js';
import { groups } from '../../services/realtime.js';
import { applyUnlockFields } from '../../services/unlocks/unlockEdits.js';
import { touchesUnlock } from '../../domain/unlocks/unlockUpdate.js';
import { isOpenToAll } from '../../domain/unlocks/rules.js';
import { logAdminAction } from '../admin/adminLog.js';
import { toChallengeDetail, toChallengeInfo } from './challengeModels.js';
import { releaseFiles, requireChallenge, requireGame } from './lookup.js';
import { toNoticeModel } from './notices.js';

/** Stores and pushes the NewChallenge / NewHint notices of an update. */
async function announce(request: FastifyRequest, after: Challenge, types: string[]) {
  for (const type of types as Array<'NewChallenge' | 'NewHint'>) {
    const notice = await createNotice(request.server.db, {
      gameId: after.gameId,
      type,
      values: [after.title],
    });
    request.server.realtime.publish(
      groups.players(after.gameId),
      'ReceivedGameNotice',
      toNoticeModel(notice),
    );
  }
}

export const editChallengeHandlers: Handlers = {
  async editAddGameChallenge(request) {
    const { id: gameId } = request.params;
    await requireGame(request, gameId);
    const { title, category = 'Misc', type = 'StaticAttachment' } = request.body;
    // Vexil addition (issue 25): attempt limits may be set from the start.
    const { maxAttempts, attemptWait } = request.body;
    const challenge = await createChallenge(request.server.db, gameId, {
      title,
      category,
      type,
      maxAttempts: maxAttempts ?? undefined,
      attemptWait: attemptWait ?? undefined,
    });
    logAdminAction(request, `Added challenge ${challenge.id} to game ${gameId}`);
    return toChallengeDetail(request.server.db, challenge);
  },

  async editGetGameChallenges(request) {
    const { db } = request.server;
    const [challenges, rules] = await Promise.all([
      listChallenges(db, request.params.id),
      listUnlockRules(db, request.params.id),
    ]);
    const ruleOf = new Map(rules.map((rule) => [rule.challengeId, rule]));
    return challenges.map((c) => toChallengeInfo(c, ruleOf.get(c.id)));
  },

  async editGetGameChallenge(request) {
    const { challenge } = await requireChallenge(request, request.params.id, request.params.cId);
    return toChallengeDetail(request.server.db, challenge);
  },

  async editUpdateGameChallenge(request) {
    const { id: gameId, cId } = request.params;
    const { db } = request.server;
    const update = request.body;
    const { game, challenge } = await requireChallenge(request, gameId, cId);
    const violation = updateViolation(challenge, update, await countFlags(db, cId));
    if (violation) throw badRequest(violation);

    const changes = updateChanges(challenge, update);
    // Vexil addition (issue 25): the unlock settings, checked and stored with the rest.
    const unlock = touchesUnlock(update);
    const after = await updateGameChallenge(
      request.server,
      gameId,
      cId,
      changes,
      !!update.isEnabled,
      unlock ? (trx) => applyUnlockFields(trx, gameId, cId, update) : undefined,
    );
    if (!after) throw notFound('The challenge was not found');
    if (unlock) request.server.unlocks.changed(gameId);
    const notices = updateNotices(challenge, after, update, isGameRunning(game, Date.now()));
    // Vexil addition (issue 25): a challenge enabled while hidden from every team until it
    // unlocks is announced at its release (its own notice), not now.
    const rule = (await request.server.unlocks.rulesOf(gameId)).ruleOf(cId);
    const hiddenFromAll = rule && !rule.showWhenLocked && !isOpenToAll(rule, Date.now());
    await announce(
      request,
      after,
      hiddenFromAll ? notices.filter((type) => type !== 'NewChallenge') : notices,
    );
    logAdminAction(request, `Updated challenge ${cId} of game ${gameId}`);
    return toChallengeDetail(db, after);
  },

  async editRemoveGameChallenge(request) {
    const { id: gameId, cId } = request.params;
    const { challenge } = await requireChallenge(request, gameId, cId);
    const { hashes, engineIds } = await deleteGameChallenge(request.server, gameId, challenge);
    // Its prerequisite edges went with it (cascade).
    request.server.unlocks.changed(gameId);
    request.server.containers.removeInBackground(engineIds, `challenge ${cId} deleted`);
    await releaseFiles(request, hashes);
    logAdminAction(request, `Deleted challenge ${cId} of game ${gameId}`);
  },

  async editUpdateGameChallengesAcceptedCount(request) {
    const { id: gameId } = request.params;
    await requireGame(request, gameId);
    try {
      await recountGameSolves(request.server, gameId);
    } catch (err) {
      request.log.error({ err }, `Could not recount the solves of game ${gameId}`);
      throw badRequest('Failed to update the accepted counts');
    }
    logAdminAction(request, `Recounted the solves of game ${gameId}`);
  },
};
