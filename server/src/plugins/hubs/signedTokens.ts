/**
 * Negotiate tokens every instance of the deployment accepts (issue 16): a client may negotiate
 * through one instance and open its WebSocket through another (a balancer without sticky
 * sessions). A token carries its connection id and expiry, signed with a key derived from the
 * server secret (VEXIL_SECRET, or the one kept in the database); no state is shared.
 *
 * Version 1: `1.<connection id>.<expiry>.<mac>` (redeemed for the id). Version 0 clients present
 * the connection id as the token, so there the whole `0.<random>.<expiry>.<mac>` is the id.
 * A token is used once per instance (the used ones are remembered until they expire); another
 * instance could accept it once more within its minute, which gives nothing away: the WebSocket
 * request's own session cookie decides who the client is. Until the key is loaded (`useKey`),
 * tokens are issued and redeemed in process as before (ConnectionTokens).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConnectionTokens } from './negotiate.js';

const newId = () => randomBytes(16).toString('base64url');

export class SignedConnectionTokens {
  private key: Buffer | undefined;
  private readonly local: ConnectionTokens;
  private readonly used = new Map<string, number>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxUsed = 100_000,
  ) {
    this.local = new ConnectionTokens(ttlMs);
  }

  /** From now on, tokens are signed with `key` (derived from the server secret). */
  useKey(key: Buffer): void {
    this.key = key;
  }

  issue(version: number, now = Date.now()): { connectionId: string; connectionToken: string } {
    if (!this.key) return this.local.issue(version, now);
    const v = version >= 1 ? '1' : '0';
    const body = `${v}.${newId()}.${(now + this.ttlMs).toString(36)}`;
    const token = `${body}.${this.mac(body)}`;
    return { connectionId: v === '1' ? body.split('.')[1] : token, connectionToken: token };
  }

  /** The connection id of a valid token, which is used up; undefined when unknown or expired. */
  redeem(token: string, now = Date.now()): string | undefined {
    const parts = token.split('.');
    if (!this.key || parts.length !== 4) return this.local.redeem(token, now);
    const [v, id, expiry, mac] = parts;
    const expires = parseInt(expiry, 36);
    const body = `${v}.${id}.${expiry}`;
    if (!(expires >= now) || !this.verify(body, mac) || this.used.has(token)) return undefined;
    this.forgetExpired(now);
    this.used.set(token, expires);
    return v === '1' ? id : token;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key!).update(body).digest('base64url').slice(0, 22);
  }

  private verify(body: string, mac: string): boolean {
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private forgetExpired(now: number): void {
    for (const [token, expires] of this.used) {
      if (expires >= now && this.used.size < this.maxUsed) break;
      this.used.delete(token);
    }
  }
}
