/** The wire models of webhooks and their deliveries (openapi/schemas/webhooks.yaml). */
import type { components } from '#wire/schema.gen.js';
import type { WebhookDelivery } from '../../db/repositories/webhookDeliveries.js';
import type { Webhook } from '../../db/repositories/webhooks.js';

type WebhookModel = components['schemas']['WebhookModel'];
type WebhookDeliveryModel = components['schemas']['WebhookDeliveryModel'];

export function toDeliveryModel(delivery: WebhookDelivery): WebhookDeliveryModel {
  return {
    id: delivery.id,
    event: delivery.event,
    status: delivery.status,
    attempts: delivery.attempts,
    createdAt: delivery.createdAt,
    lastAttemptAt: delivery.lastAttemptAt,
    nextAttemptAt: delivery.status === 'Pending' ? delivery.nextAttemptAt : null,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    heldUntil: delivery.heldUntil,
  };
}

export function toWebhookModel(
  hook: Webhook,
  gameTitle: string | null,
  lastDelivery: WebhookDelivery | undefined,
): WebhookModel {
  return {
    id: hook.id,
    name: hook.name,
    url: hook.url,
    format: hook.format,
    gameId: hook.gameId,
    gameTitle,
    events: hook.events,
    enabled: hook.enabled,
    holdDuringFreeze: hook.holdDuringFreeze,
    secret: hook.secret,
    createdAt: hook.createdAt,
    lastDelivery: lastDelivery ? toDeliveryModel(lastDelivery) : null,
  };
}
