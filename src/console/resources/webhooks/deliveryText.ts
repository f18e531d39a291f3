/**
 * How a delivery's outcome reads in the console: the translation keys and values of its status,
 * its last result (the receiver's status code, or why nothing came back) and the colour of its
 * status chip.
 */
import type { WebhookDelivery } from '@/api/types';

export type ChipColour = 'default' | 'success' | 'warning' | 'error';

export function statusColour(status: WebhookDelivery['status'] | undefined): ChipColour {
  if (status === 'Delivered') return 'success';
  if (status === 'Failed') return 'error';
  if (status === 'Pending') return 'warning';
  return 'default';
}

/** What the last attempt gave, as a translation key and its values. */
export function outcomeOf(
  delivery: Pick<WebhookDelivery, 'attempts' | 'lastStatusCode' | 'lastError'>,
): { key: string; values?: Record<string, unknown> } {
  if (delivery.attempts === 0) return { key: 'resources.webhooks.deliveries.not_tried' };
  if (delivery.lastStatusCode !== null && delivery.lastError === null)
    return {
      key: 'resources.webhooks.deliveries.answered',
      values: { code: delivery.lastStatusCode },
    };
  if (delivery.lastStatusCode !== null)
    return {
      key: 'resources.webhooks.deliveries.refused',
      values: { code: delivery.lastStatusCode },
    };
  return {
    key: 'resources.webhooks.deliveries.unreachable',
    values: { error: delivery.lastError ?? '' },
  };
}
