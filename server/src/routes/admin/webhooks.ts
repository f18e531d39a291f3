/**
 * Webhook endpoints for administrators (`/api/admin/webhooks`, a Vexil addition): list, add,
 * read, change, delete, and rotate the signing secret. The answers carry the secret: the
 * administrators need it to verify signatures; it is never written to the log.
 */
import type { FastifyRequest } from 'fastify';
import { findGame } from '../../db/repositories/games.js';
import { latestDeliveries } from '../../db/repositories/webhookDeliveries.js';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  listWebhooks,
  setWebhookSecret,
  updateWebhook,
  type Webhook,
} from '../../db/repositories/webhooks.js';
import { notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { newWebhookSecret } from '../../services/webhooks/signing.js';
import { logAdminAction } from './adminLog.js';
import { toWebhookModel } from './webhookModels.js';
import { checkedGameTitle, checkedUrl, defaultName } from './webhookInput.js';

export async function requireWebhook(request: FastifyRequest, id: number): Promise<Webhook> {
  const hook = await findWebhook(request.server.db, id);
  if (!hook) throw notFound('The webhook was not found');
  return hook;
}

/** The models of these endpoints, with their games' titles and newest deliveries. */
async function modelsOf(request: FastifyRequest, hooks: Webhook[]) {
  const { db } = request.server;
  const latest = await latestDeliveries(
    db,
    hooks.map((hook) => hook.id),
  );
  const titles = new Map<number, string>();
  for (const gameId of new Set(hooks.map((hook) => hook.gameId))) {
    if (gameId === null) continue;
    const game = await findGame(db, gameId);
    if (game) titles.set(gameId, game.title);
  }
  return hooks.map((hook) =>
    toWebhookModel(
      hook,
      hook.gameId === null ? null : (titles.get(hook.gameId) ?? null),
      latest.get(hook.id),
    ),
  );
}

const modelOf = async (request: FastifyRequest, hook: Webhook) =>
  (await modelsOf(request, [hook]))[0];

export const adminWebhookHandlers: Handlers = {
  async adminGetWebhooks(request) {
    const data = await modelsOf(
      request,
      await listWebhooks(request.server.db, request.query.gameId),
    );
    return { data, length: data.length, total: data.length };
  },

  async adminCreateWebhook(request) {
    const { body } = request;
    const url = checkedUrl(body.url);
    await checkedGameTitle(request, body.gameId);
    const hook = await createWebhook(
      request.server.db,
      {
        name: body.name?.trim() || defaultName(url),
        url,
        format: body.format,
        gameId: body.gameId ?? null,
        events: body.events,
        enabled: body.enabled ?? true,
        holdDuringFreeze: body.holdDuringFreeze ?? true,
      },
      newWebhookSecret(),
    );
    logAdminAction(request, `Added webhook ${hook.id}`);
    return modelOf(request, hook);
  },

  async adminGetWebhook(request) {
    return modelOf(request, await requireWebhook(request, request.params.id));
  },

  async adminUpdateWebhook(request) {
    const { id } = request.params;
    const current = await requireWebhook(request, id);
    const { body } = request;
    if (body.url !== undefined) checkedUrl(body.url);
    await checkedGameTitle(request, body.gameId);
    // A name cleared in the form becomes the URL's host, as at creation.
    const name =
      body.name === undefined
        ? undefined
        : body.name.trim() || defaultName(body.url ?? current.url);
    const updated = await updateWebhook(request.server.db, id, { ...body, name });
    if (!updated) throw notFound('The webhook was not found');
    logAdminAction(request, `Updated webhook ${id}`);
    return modelOf(request, updated);
  },

  async adminDeleteWebhook(request) {
    const { id } = request.params;
    if (!(await deleteWebhook(request.server.db, id))) throw notFound('The webhook was not found');
    logAdminAction(request, `Deleted webhook ${id}`);
  },

  async adminRotateWebhookSecret(request) {
    const { id } = request.params;
    const updated = await setWebhookSecret(request.server.db, id, newWebhookSecret());
    if (!updated) throw notFound('The webhook was not found');
    logAdminAction(request, `Rotated the secret of webhook ${id}`);
    return modelOf(request, updated);
  },
};
