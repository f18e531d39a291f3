/**
 * `POST <hub>/negotiate`: hands out a connection id and a one-use connection token that the
 * WebSocket request presents as `?id=`. Only the WebSockets transport (text frames) is offered;
 * Server-Sent Events and long polling are not implemented.
 *
 * No CSRF check here: negotiating changes no state tied to the session cookie (the token only lets
 * the same client open its WebSocket, where the cookie is read and the role decided).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';

export interface NegotiateResponse {
  connectionId: string;
  connectionToken?: string;
  negotiateVersion: number;
  availableTransports: { transport: 'WebSockets'; transferFormats: ['Text'] }[];
}

const newId = () => randomBytes(16).toString('base64url');

/** Tokens issued by negotiate and not yet used; each expires after `ttlMs`. */
export class ConnectionTokens {
  private readonly pending = new Map<string, { connectionId: string; expires: number }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxPending = 10_000,
  ) {}

  /** Version 0 clients present the connection id itself, so there it is the token too. */
  issue(version: number, now = Date.now()): { connectionId: string; connectionToken: string } {
    this.sweep(now);
    if (this.pending.size >= this.maxPending) {
      const oldest = this.pending.keys().next().value;
      if (oldest !== undefined) this.pending.delete(oldest);
    }
    const connectionId = newId();
    const entry = { connectionId, connectionToken: version >= 1 ? newId() : connectionId };
    this.pending.set(entry.connectionToken, {
      connectionId: entry.connectionId,
      expires: now + this.ttlMs,
    });
    return entry;
  }

  /** The connection id of a valid token, which is used up; undefined when unknown or expired. */
  redeem(token: string, now = Date.now()): string | undefined {
    const entry = this.pending.get(token);
    if (!entry) return undefined;
    this.pending.delete(token);
    return entry.expires >= now ? entry.connectionId : undefined;
  }

  get size(): number {
    return this.pending.size;
  }

  private sweep(now: number): void {
    // Insertion order is expiry order: stop at the first live token.
    for (const [token, entry] of this.pending) {
      if (entry.expires >= now) break;
      this.pending.delete(token);
    }
  }
}

/** What negotiate and the WebSocket route need of the tokens (signedTokens.ts, or the above). */
export type HubTokens = Pick<ConnectionTokens, 'issue' | 'redeem'>;

export function registerNegotiate(
  app: FastifyInstance,
  path: string,
  tokens: HubTokens,
  onRequest: onRequestHookHandler[],
): void {
  app.post<{ Querystring: { negotiateVersion?: string } }>(`${path}/negotiate`, {
    schema: { hide: true },
    onRequest,
    handler: async (request) => {
      const version = Number(request.query.negotiateVersion ?? 0) >= 1 ? 1 : 0;
      const { connectionId, connectionToken } = tokens.issue(version);
      return {
        connectionId,
        ...(version === 1 ? { connectionToken } : {}),
        negotiateVersion: version,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      } satisfies NegotiateResponse;
    },
  });
}
