// Shared by the webhook tests: a configuration whose sender polls and retries quickly (timings
// are shortened, never asserted), and the calls to /api/admin/webhooks.
import type { components } from '#wire/schema.gen.js';
import type { Config } from '#server/config.js';
import { testConfig, type Caller } from '../support/app.js';

export type WebhookModel = components['schemas']['WebhookModel'];
export type WebhookDeliveryModel = components['schemas']['WebhookDeliveryModel'];
type CreateBody = components['schemas']['WebhookCreateModel'];

export function webhookTestConfig(env: Record<string, string> = {}): Config {
  return {
    ...testConfig(env),
    webhooks: {
      timeoutMs: 5_000,
      retryBaseMs: 20,
      maxAttempts: 3,
      pollIntervalMs: 25,
      // The tests run the schedule themselves.
      scheduleIntervalMs: 3_600_000,
    },
  };
}

/** Adds an endpoint through the API (the answer checked against the spec). */
export async function addWebhook(admin: Caller, body: CreateBody): Promise<WebhookModel> {
  const response = await admin({ method: 'POST', url: '/api/admin/webhooks', payload: body });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json() as WebhookModel;
}

/** The endpoint's delivery log, newest first. */
export async function deliveriesOf(admin: Caller, id: number): Promise<WebhookDeliveryModel[]> {
  const response = await admin({ method: 'GET', url: `/api/admin/webhooks/${id}/deliveries` });
  return (response.json() as { data: WebhookDeliveryModel[] }).data;
}
