/**
 * One attempt at a delivery: its body in the endpoint's format, signed, POSTed with Node's fetch
 * under a timeout. Answers what came of it; never throws. The endpoint's URL and secret are never
 * part of what it answers (they end up in the delivery log; Discord and Slack URLs hold tokens).
 */
import type { WebhookDelivery } from '../../db/repositories/webhookDeliveries.js';
import type { Webhook } from '../../db/repositories/webhooks.js';
import type { EventPayload } from './events.js';
import { deliveryBody } from './formats.js';
import { signature } from './signing.js';

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  /** Stopped by `stop` (the instance closes): not counted as an attempt. */
  interrupted: boolean;
}

export async function attemptDelivery(
  hook: Webhook,
  delivery: WebhookDelivery,
  { timeoutMs, stop }: { timeoutMs: number; stop: AbortSignal },
): Promise<AttemptResult> {
  const body = JSON.stringify(
    deliveryBody(hook.format, delivery.event, delivery.payload as unknown as EventPayload),
  );
  const timestamp = String(Date.now());
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      body,
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vexil-Webhooks',
        'x-vexil-event': delivery.event,
        'x-vexil-delivery': String(delivery.id),
        'x-vexil-timestamp': timestamp,
        'x-vexil-signature': signature(hook.secret, timestamp, body),
      },
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]),
    });
    // The answer's body is not read: only its status counts.
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      statusCode: response.status,
      error: ok ? null : `The receiver answered ${response.status}`,
      interrupted: false,
    };
  } catch (error) {
    if (stop.aborted) return { ok: false, statusCode: null, error: null, interrupted: true };
    return {
      ok: false,
      statusCode: null,
      error: describeFailure(error, timeoutMs),
      interrupted: false,
    };
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return `No answer within ${Math.round(timeoutMs / 1000)} s`;
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `Network error: ${cause.code}`;
  if (cause?.message) return `Network error: ${cause.message}`;
  // Not the error's message: some (an unparsable URL) quote the URL, which may hold a token.
  return 'Network error';
}
