/**
 * Webhook signatures: `X-Vexil-Signature: sha256=<hex of HMAC-SHA256(secret, timestamp + "." +
 * body)>`, with the timestamp (epoch ms) sent in `X-Vexil-Timestamp`. Signing the timestamp lets a
 * receiver refuse an old delivery replayed to it. docs/webhooks.md shows how to verify one.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret: 32 random bytes as hex. */
export const newWebhookSecret = () => randomBytes(32).toString('hex');

export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
