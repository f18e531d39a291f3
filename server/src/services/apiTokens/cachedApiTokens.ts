/**
 * Resolves personal API tokens to their user and scope (`app.apiTokens`), with the same short
 * in-process cache and the same forgetting as sessions (services/sessions.ts, whose header says
 * why): entries live API_TOKEN_CACHE_TTL_MS from their database read, keyed by the token's SHA-256.
 *
 * Forgetting, on every instance at once through the cluster events:
 * - a revocation publishes `token:<sha-256>` on the `apiTokens` topic;
 * - every change that ends a user's sessions or changes their role or name (password or e-mail
 *   change, ban and its lifting, role change, deletion) already publishes `user:<id>` on the
 *   `sessions` topic (`sessions.forgetUser`): this cache listens to it too, so each of those ends
 *   or re-reads the user's tokens with no extra call at the places that change accounts.
 * The database decides validity on every read (stamp, expiry, role against scope): a dropped entry
 * is read again and found void.
 *
 * Last use is recorded as sessions record the last visit: at most every USE_EVERY_MS per token, or
 * when the address changes, never a write per request; the write is claimed before it is awaited.
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { findValidApiToken, touchApiToken } from '../../db/repositories/apiTokens.js';
import type { DB } from '../../db/schema.js';
import type { ApiTokenScope } from '../../db/tables/apiTokens.js';
import { API_TOKEN_PATTERN, hashApiToken } from '../../domain/apiTokens.js';
import type { SessionUser } from '../../domain/sessionUser.js';
import type { ClusterEvents } from '../clusterEvents.js';
import { SESSIONS_TOPIC } from '../sessions.js';

/** The cluster-event topic of revocations; messages are `token:<sha-256 hex>`. */
export const API_TOKENS_TOPIC = 'apiTokens';
export const API_TOKEN_CACHE_TTL_MS = 5_000;
const API_TOKEN_CACHE_MAX = 10_000;
const USE_EVERY_MS = 5_000;

/** What a request made with a token carries besides its user. */
export interface ApiTokenGrant {
  /** The token's id (rate limits count per token). */
  id: string;
  scope: ApiTokenScope;
}

export interface TokenCaller {
  user: SessionUser;
  grant: ApiTokenGrant;
}

export interface ApiTokens {
  /** The token's user and grant, or null when it is malformed, unknown or no longer valid. */
  lookup(token: string, request: { ip: string }): Promise<TokenCaller | null>;
  /** Drops a revoked token (by its stored hash) on every instance, once its row is gone. */
  forget(tokenHash: string): void;
}

interface CachedToken extends TokenCaller {
  expiresAt: number | null;
  use: { at: number; ip: string | null };
}

export class CachedApiTokens implements ApiTokens {
  private readonly cache: LRUCache<string, CachedToken>;
  /** Bumped by every invalidation: a read in flight meanwhile is not cached (see sessions.ts). */
  private generation = 0;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly events: ClusterEvents,
    private readonly clock: () => number = Date.now,
  ) {
    this.cache = new LRUCache({
      max: API_TOKEN_CACHE_MAX,
      ttl: API_TOKEN_CACHE_TTL_MS,
      updateAgeOnGet: false,
      ttlResolution: 0,
    });
    this.unsubscribe = [
      events.subscribe(API_TOKENS_TOPIC, (message) => this.drop(message)),
      events.subscribe(SESSIONS_TOPIC, (message) => {
        if (message.startsWith('user:')) this.drop(message);
      }),
    ];
  }

  async lookup(token: string, request: { ip: string }): Promise<TokenCaller | null> {
    // Malformed tokens cost no query (and cannot fill the cache: misses are never kept).
    if (!API_TOKEN_PATTERN.test(token)) return null;
    const now = this.clock();
    const key = hashApiToken(token);
    let entry = this.cache.get(key) ?? null;
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now) {
      this.cache.delete(key);
      entry = null;
    }
    entry ??= await this.load(key, now);
    if (!entry) return null;
    await this.touch(entry, request.ip, now);
    return { user: entry.user, grant: entry.grant };
  }

  forget(tokenHash: string): void {
    this.events.publish(API_TOKENS_TOPIC, `token:${tokenHash}`);
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
  }

  private async load(key: string, now: number): Promise<CachedToken | null> {
    const generation = this.generation;
    const found = await findValidApiToken(this.db, key, now);
    if (!found) return null;
    const { token, user } = found;
    const entry: CachedToken = {
      user,
      grant: { id: token.id, scope: token.scope },
      expiresAt: token.expiresAt,
      use: { at: token.lastUsedAt ?? 0, ip: token.lastUsedIp },
    };
    if (generation === this.generation) this.cache.set(key, entry);
    return entry;
  }

  private async touch(entry: CachedToken, ip: string, now: number): Promise<void> {
    const { use } = entry;
    if (now - use.at <= USE_EVERY_MS && use.ip === ip) return;
    use.at = now;
    use.ip = ip;
    await touchApiToken(this.db, entry.grant.id, { at: now, ip });
  }

  private drop(message: string): void {
    this.generation++;
    const separator = message.indexOf(':');
    const kind = message.slice(0, separator);
    const value = message.slice(separator + 1);
    if (kind === 'token') {
      this.cache.delete(value);
      return;
    }
    const keys: string[] = [];
    for (const [key, entry] of this.cache.entries()) if (entry.user.id === value) keys.push(key);
    for (const key of keys) this.cache.delete(key);
  }
}
