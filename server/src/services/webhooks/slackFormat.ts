/**
 * The Slack-compatible format, as Slack's incoming webhooks take it: `text` (the fallback shown
 * in notifications) and Block Kit `blocks`: the summary, then the game and time as context.
 * `&`, `<` and `>` are escaped as Slack asks, so a name cannot become a link or a mention.
 */
import type { WebhookDeliveryEvent } from '../../db/repositories/webhookDeliveries.js';
import { eventSummary, eventTitle, type EventPayload } from './events.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackBody(event: WebhookDeliveryEvent, payload: EventPayload) {
  const summary = escape(eventSummary(event, payload)).slice(0, 3000);
  const context = [eventTitle(event), payload.game?.title, new Date(payload.time).toISOString()]
    .filter((part): part is string => Boolean(part))
    .map(escape)
    .join(' · ');
  return {
    text: summary,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: summary } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: context }] },
    ],
  };
}
