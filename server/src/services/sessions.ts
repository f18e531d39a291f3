/**
 * Resolves session cookies to the signed-in user (`app.sessions`), keeping sliding expiry and
 * last-visit fresh, with a short in-process cache in front of the sessions ⋈ users lookup.
 *
 * The cache is keyed by the token's SHA-256 (the sessions table's id) and holds what a lookup
 * answers with, plus what decides its writes. Entries live SESSION_CACHE_TTL_MS from the database
 * read, however often they are used: whatever changes a session or its user calls `forgetToken` or
 * `forgetUser` once the change is stored, which drops the entries on this instance at once and on
 * the others through the cluster events (which the hubs follow too: plugins/hubs/sessionWatch.ts
 * closes the live connections the change no longer allows); the short life bounds how long another instance may still
 * answer from a copy whose message was lost (Redis down), and still spares the database all but
 * one lookup per session every few seconds of a client polling the board.
 *
 * Unknown, expired and voided tokens are not cached: a miss costs one index probe that finds no
 * row, and keeping misses would let anyone with random cookies push real sessions out of a bounded
 * cache. (A freshly created session always works at once: it is read from the database.)
 *
 * Writes keep their rates: the session's sliding expiry at most once a minute, the user's last
 * visit every 5 s or when the address changes. The cache remembers when it last wrote (the entry's
 * `lastSeenAt`, and one shared `Visit` per user), and claims a write before awaiting it, so that
 * concurrent requests of one session do not write twice.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../db/schema.js';
import {
  findValidSession,
  hashSessionToken,
  SESSION_TTL_MS,
  touchSession,
} from '../db/repositories/sessions.js';
import { touchLastVisited, type User } from '../db/repositories/users.js';
import type { SessionLookup, SessionUser } from '../domain/sessionUser.js';
import type { ClusterEvents } from './clusterEvents.js';

export interface Sessions {
  lookup: SessionLookup;
  /** Drops the cached session of `token` (after it was deleted), on every instance. */
  forgetToken(token: string): void;
  /** Drops every cached session of the user (after a change to their sessions, security stamp,
   *  role or name, or their deletion), on every instance. */
  forgetUser(userId: string): void;
}

/** Short enough that a change whose message was lost shows within seconds everywhere. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Sessions used within one TTL: 1,000 teams of 10 players fit; an entry is a few hundred bytes. */
export const SESSION_CACHE_MAX = 10_000;
/** The cluster-event topic; messages are `token:<sha-256 hex>` or `user:<id>`. */
export const SESSIONS_TOPIC = 'sessions';

/** Writes happen at most this often per session (expiry) and per user (last visit). */
const TOUCH_EVERY_MS = 60_000;
const VISIT_EVERY_MS = 5_000;
/** Real tokens have 43 characters; longer cookies are refused without a query. */
const MAX_TOKEN_LENGTH = 256;

/** The user's last recorded visit, shared by the cached sessions of that user. */
interface Visit {
  at: number;
  ip: string;
}

interface CachedSession {
  user: SessionUser;
  sessionId: string;
  /** When the sliding expiry was last written, and the expiry it wrote. */
  lastSeenAt: number;
  expiresAt: number;
  visit: Visit;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  max?: number;
  /** Replaces both the time of writes and the cache's own clock (tests). */
  clock?: () => number;
}

export class CachedSessions implements Sessions {
  private readonly cache: LRUCache<string, CachedSession>;
  private readonly visits: LRUCache<string, Visit>;
  private readonly clock: () => number;
  /** Bumped by every invalidation: a lookup that was reading while one happened keeps its answer
   *  for its own request but does not cache it (it may predate the change). */
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly events: ClusterEvents,
    options: SessionCacheOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    const max = options.max ?? SESSION_CACHE_MAX;
    this.cache = new LRUCache({
      max,
      ttl: options.ttlMs ?? SESSION_CACHE_TTL_MS,
      // Age counts from the database read, not the last use: a busy session is re-read too.
      updateAgeOnGet: false,
      // Read the clock on each check instead of arming a timer to reuse it.
      ttlResolution: 0,
      // Monotonic time unless a test gives its clock: a wall clock set back must not extend entries.
      perf: options.clock ? { now: options.clock } : undefined,
    });
    this.visits = new LRUCache({ max });
    this.unsubscribe = events.subscribe(SESSIONS_TOPIC, (message) => this.drop(message));
  }

  readonly lookup: SessionLookup = async (token, request) => {
    if (token.length > MAX_TOKEN_LENGTH) return null;
    const now = this.clock();
    const key = hashSessionToken(token);
    let entry: CachedSession | null = this.cache.get(key) ?? null;
    if (!entry || entry.expiresAt <= now) entry = await this.load(key, token, now);
    if (!entry) return null;
    await this.touch(entry, request.ip, now);
    return entry.user;
  };

  forgetToken(token: string): void {
    this.events.publish(SESSIONS_TOPIC, `token:${hashSessionToken(token)}`);
  }

  forgetUser(userId: string): void {
    this.events.publish(SESSIONS_TOPIC, `user:${userId}`);
  }

  /** Cached sessions (tests, diagnostics). */
  get size(): number {
    return this.cache.size;
  }

  close(): void {
    this.unsubscribe();
  }

  private async load(key: string, token: string, now: number): Promise<CachedSession | null> {
    const generation = this.generation;
    const found = await findValidSession(this.db, token, now);
    if (!found) {
      this.cache.delete(key);
      return null;
    }
    const { session, user } = found;
    const entry: CachedSession = {
      user: { id: user.id, userName: user.userName, role: user.role },
      sessionId: session.id,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      visit: this.visitOf(user),
    };
    if (generation === this.generation) this.cache.set(key, entry);
    return entry;
  }

  /** The user's shared visit record, brought forward to what the database knows (another
   *  instance may have written since). */
  private visitOf(user: User): Visit {
    const known = this.visits.get(user.id);
    if (!known) {
      const visit = { at: user.lastVisited, ip: user.lastIp };
      this.visits.set(user.id, visit);
      return visit;
    }
    if (user.lastVisited > known.at) {
      known.at = user.lastVisited;
      known.ip = user.lastIp;
    }
    return known;
  }

  /** The throttled writes; each is claimed (the entry updated) before it is awaited. */
  private async touch(entry: CachedSession, ip: string, now: number): Promise<void> {
    if (now - entry.lastSeenAt > TOUCH_EVERY_MS) {
      entry.lastSeenAt = now;
      entry.expiresAt = now + SESSION_TTL_MS;
      await touchSession(this.db, entry.sessionId, now);
    }
    const { visit } = entry;
    if (now - visit.at > VISIT_EVERY_MS || visit.ip !== ip) {
      visit.at = now;
      visit.ip = ip;
      await touchLastVisited(this.db, entry.user.id, ip, now);
    }
  }

  private drop(message: string): void {
    this.generation++;
    const separator = message.indexOf(':');
    const kind = message.slice(0, separator);
    const value = message.slice(separator + 1);
    if (kind === 'token') {
      this.cache.delete(value);
    } else if (kind === 'user') {
      // A scan of at most SESSION_CACHE_MAX entries, on rare account changes only.
      const keys: string[] = [];
      for (const [key, entry] of this.cache.entries()) if (entry.user.id === value) keys.push(key);
      for (const key of keys) this.cache.delete(key);
      this.visits.delete(value);
    }
  }
}

/** The test override of AppDependencies: used as is, without a cache (nothing to forget). */
function uncachedSessions(lookup: SessionLookup): Sessions {
  return { lookup, forgetToken: () => {}, forgetUser: () => {} };
}

/** `app.sessions`: the cached lookup on the app's database and cluster events (or the given
 *  test lookup); it stops listening when the app closes. */
export function sessionsFor(app: FastifyInstance, override?: SessionLookup): Sessions {
  if (override) return uncachedSessions(override);
  const sessions = new CachedSessions(app.db, app.clusterEvents);
  app.addHook('onClose', async () => sessions.close());
  return sessions;
}
