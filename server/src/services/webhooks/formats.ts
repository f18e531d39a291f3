/** The body of a delivery in its endpoint's format. */
import type { WebhookDeliveryEvent } from '../../db/repositories/webhookDeliveries.js';
import type { WebhookFormat } from '../../db/repositories/webhooks.js';
import type { EventPayload } from './events.js';
import { discordBody } from './discordFormat.js';
import { jsonBody } from './jsonFormat.js';
import { slackBody } from './slackFormat.js';

export function deliveryBody(
  format: WebhookFormat,
  event: WebhookDeliveryEvent,
  payload: EventPayload,
): object {
  switch (format) {
    case 'Discord':
      return discordBody(event, payload);
    case 'Slack':
      return slackBody(event, payload);
    case 'Json':
      return jsonBody(event, payload);
  }
}
