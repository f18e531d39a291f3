/**
 * Normal game notices written by organisers (E12–E15); new ones are pushed to the players and
 * queued for the webhooks that want notices.
 */
import {
  createNotice,
  deleteNotice,
  findNotice,
  listNoticesOfType,
  updateNoticeValues,
  type GameNotice,
} from '../../db/repositories/notices.js';
import { withTransaction } from '../../db/transaction.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { groups } from '../../services/realtime.js';
import { noticeEvent } from '../../services/webhooks/gameEvents.js';
import { enqueueEvents } from '../../services/webhooks/outbox.js';
import { logAdminAction } from '../admin/adminLog.js';
import { requireGame } from './lookup.js';

/** The wire form (GameNotice): `gameId` stays on the server. */
export const toNoticeModel = ({ id, time, type, values }: GameNotice) => ({
  id,
  time,
  type,
  values,
});

export const editNoticeHandlers: Handlers = {
  async editAddGameNotice(request) {
    const { id: gameId } = request.params;
    const game = await requireGame(request, gameId);
    // The notice and its webhook deliveries commit together.
    const notice = toNoticeModel(
      await withTransaction(request.server.db, async (trx) => {
        const stored = await createNotice(trx, {
          gameId,
          type: 'Normal',
          values: [request.body.content],
        });
        await enqueueEvents(trx, [noticeEvent(game, stored)]);
        return stored;
      }),
    );
    request.server.realtime.publish(groups.players(gameId), 'ReceivedGameNotice', notice);
    logAdminAction(request, `Added notice ${notice.id} to game ${gameId}`);
    return notice;
  },

  async editGetGameNotices(request) {
    const { id: gameId } = request.params;
    await requireGame(request, gameId);
    return (await listNoticesOfType(request.server.db, gameId, 'Normal')).map(toNoticeModel);
  },

  async editUpdateGameNotice(request) {
    const { id: gameId, noticeId } = request.params;
    const { db } = request.server;
    const notice = await findNotice(db, gameId, noticeId);
    if (!notice) throw notFound('Notification not found');
    if (notice.type !== 'Normal') throw badRequest('System notifications cannot be modified');
    const updated = await updateNoticeValues(db, noticeId, [request.body.content], Date.now());
    if (!updated) throw notFound('Notification not found');
    logAdminAction(request, `Updated notice ${noticeId} of game ${gameId}`);
    return toNoticeModel(updated);
  },

  async editDeleteGameNotice(request) {
    const { id: gameId, noticeId } = request.params;
    const { db } = request.server;
    const notice = await findNotice(db, gameId, noticeId);
    if (!notice) throw notFound('Notification not found');
    if (notice.type !== 'Normal') throw badRequest('System notifications could not be deleted');
    await deleteNotice(db, noticeId);
    logAdminAction(request, `Deleted notice ${noticeId} of game ${gameId}`);
  },
};
