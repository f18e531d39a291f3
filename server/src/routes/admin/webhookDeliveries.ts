/**
 * A webhook's delivery log for administrators (a Vexil addition): the page of deliveries, a test
 * delivery queued through the outbox like any event, and a failed delivery queued again.
 */
import { findGame } from '../../db/repositories/games.js';
import { listDeliveries, requeueDelivery } from '../../db/repositories/webhookDeliveries.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { enqueueTest } from '../../services/webhooks/outbox.js';
import { logAdminAction } from './adminLog.js';
import { toDeliveryModel } from './webhookModels.js';
import { requireWebhook } from './webhooks.js';

export const adminWebhookDeliveryHandlers: Handlers = {
  async adminGetWebhookDeliveries(request) {
    const { id } = request.params;
    await requireWebhook(request, id);
    const { skip = 0, count = 50 } = request.query;
    const { data, total } = await listDeliveries(request.server.db, id, { skip, count });
    return { data: data.map(toDeliveryModel), length: data.length, total };
  },

  async adminTestWebhook(request) {
    const hook = await requireWebhook(request, request.params.id);
    const game = hook.gameId === null ? null : await findGame(request.server.db, hook.gameId);
    const delivery = await enqueueTest(
      request.server.db,
      hook,
      game && { id: game.id, title: game.title },
    );
    // Sent by the next pass of this instance's sender, without waiting for its interval.
    void request.server.webhooks.sender.runOnce();
    logAdminAction(request, `Queued a test delivery to webhook ${hook.id}`);
    return toDeliveryModel(delivery);
  },

  async adminRedeliverWebhookDelivery(request) {
    const { id, deliveryId } = request.params;
    await requireWebhook(request, id);
    const delivery = await requeueDelivery(request.server.db, id, deliveryId);
    if (!delivery) throw notFound('The delivery was not found');
    void request.server.webhooks.sender.runOnce();
    logAdminAction(request, `Queued delivery ${deliveryId} of webhook ${id} again`);
    return toDeliveryModel(delivery);
  },
};
