/** The plain JSON format: `{event, time, game: {id, title}, …the event's fields}`. */
import type { WebhookDeliveryEvent } from '../../db/repositories/webhookDeliveries.js';
import type { EventPayload } from './events.js';

export function jsonBody(event: WebhookDeliveryEvent, payload: EventPayload) {
  const { time, game, ...fields } = payload;
  return { event, time, game, ...fields };
}
