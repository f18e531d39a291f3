/**
 * Keeps each signed-in hub connection of this instance in step with the session that opened it
 * (issue 23): a connection holds the rights its session has now, not the ones it had when it
 * opened. A hub states who may hold it (`allows`, connection.ts); the connection asks again at
 * every message and whenever the watch reads the session anew, and closes once the answer is no.
 *
 * What makes the watch read a session again:
 * - Every change to a session or its user already publishes a cluster event (services/sessions.ts,
 *   topic `sessions`: `token:<id>` on sign-out, `user:<id>` on a password or address change, a
 *   ban, a role change, a deletion, …) after it is stored, to every instance (over Redis with
 *   REDIS_URL). The watch listens to the same topic, so whatever drops the session cache also
 *   reviews the hubs, on every instance, without a second list of triggers to keep up.
 * - Expiry: each followed session's expiry is known; one timer per instance looks (in memory)
 *   every `sessionCheckMs` for expired ones and reads only those again (the expiry slides, so it
 *   may have moved). A message sent past the expiry waits for that read too.
 * - A safety net: every `sessionReverifyMs`, all followed sessions are read again in a few
 *   queries, for a change whose event was lost while Redis was unreachable.
 *
 * Until a read answers, the connection's messages wait (they keep their order); a read that fails
 * counts as an ended session (fail closed), except in the safety-net pass, where a failure leaves
 * things as they are (the database is down; its health logs it). A session that ended drops out
 * of the watch: a connection that may stay without one (the players' hub) goes on as anonymous.
 * The upgrade request's session is read once more when the connection opens, which also covers a
 * change that happened between the request's session lookup and the connection's start. Reads
 * asked for in one turn of the event loop (connections opening together, as thousands do after a
 * restart; sessions found expired by the next message) are made together, a query per 500.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { findValidSessionHolders, type SessionHolder } from '../../db/repositories/sessions.js';
import type { DB } from '../../db/schema.js';
import type { ClusterEvents } from '../../services/clusterEvents.js';
import { SESSIONS_TOPIC } from '../../services/sessions.js';

/** What the watch needs of a connection. */
export interface WatchedConnection {
  /** The session that opened it: its id (SHA-256 hex of the cookie) and user; null if none. */
  readonly session: Session | null;
  /** The session as read again (null: it ended); the connection waits for it before sending. */
  review(holder: Promise<SessionHolder | null>): void;
}

export interface SessionWatchTiming {
  /** How often followed sessions are looked at for expiry (in memory, no query unless one expired). */
  sessionCheckMs: number;
  /** How often every followed session is read again (the safety net for a lost event). */
  sessionReverifyMs: number;
}

/** Sessions read in one query (keeps the `IN` list well below every database's limits). */
const BATCH = 500;

interface Session {
  id: string;
  userId: string;
}

interface Entry {
  connection: WatchedConnection;
  session: Session;
  /** The session's expiry as last read (0 until the first read answers). */
  expiresAt: number;
  /** A read for this entry is under way (the expiry check does not start another). */
  checking: boolean;
  /** Bumped by each read that reviews the connection: an older safety-net answer is ignored. */
  reads: number;
}

export class HubSessionWatch {
  private readonly entries = new Map<WatchedConnection, Entry>();
  private readonly unsubscribe: () => void;
  private timer?: NodeJS.Timeout;
  private lastFullPass: number;
  private stopped = false;
  /** Entries to read at the end of this turn of the event loop, and that read (`recheckSoon`). */
  private soon: Entry[] = [];
  private soonRead?: Promise<Map<string, SessionHolder>>;

  constructor(
    private readonly db: Kysely<DB>,
    events: ClusterEvents,
    private readonly log: FastifyBaseLogger,
    private readonly timing: SessionWatchTiming,
    private readonly clock: () => number = Date.now,
  ) {
    this.unsubscribe = events.subscribe(SESSIONS_TOPIC, (message) => this.changed(message));
    this.lastFullPass = clock();
    this.schedule();
  }

  /** Follows the connection's session from now until the returned function is called; reads it
   *  at once (the connection waits for that answer before its first message). */
  follow(connection: WatchedConnection): () => void {
    const { session } = connection;
    if (!session) return () => {};
    const entry: Entry = { connection, session, expiresAt: 0, checking: false, reads: 0 };
    this.entries.set(connection, entry);
    this.recheckSoon(entry);
    return () => this.entries.delete(connection);
  }

  /** Reads the connection's session again if its known expiry has passed (before a message). */
  refreshIfExpired(connection: WatchedConnection): void {
    const entry = this.entries.get(connection);
    if (entry && !entry.checking && entry.expiresAt <= this.clock()) this.recheckSoon(entry);
  }

  /** Connections followed (tests, diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe();
    this.entries.clear();
  }

  /** A cluster event of the sessions topic: `token:<session id>` or `user:<user id>`. */
  private changed(message: string): void {
    const separator = message.indexOf(':');
    const kind = message.slice(0, separator);
    const value = message.slice(separator + 1);
    // A scan of this instance's signed-in hub connections, on account changes only.
    const affected: Entry[] = [];
    for (const entry of this.entries.values()) {
      const { id, userId } = entry.session;
      if ((kind === 'token' && id === value) || (kind === 'user' && userId === value)) {
        affected.push(entry);
      }
    }
    if (affected.length > 0) this.recheck(affected);
  }

  /** Reads the entries' sessions again; each connection waits for its answer (fail closed). */
  private recheck(entries: Entry[]): void {
    for (let start = 0; start < entries.length; start += BATCH) {
      const batch = entries.slice(start, start + BATCH);
      const read = this.readFailClosed(batch);
      for (const entry of batch) this.review(entry, read);
    }
  }

  /**
   * Reads the entry's session together with every other one asked for in this turn of the event
   * loop: connections opening together (a reconnect storm after a restart, thousands of them) or
   * sessions found expired by their next message cost a query per 500 connections, not one each.
   * The connection waits for the answer from now on.
   */
  private recheckSoon(entry: Entry): void {
    if (!this.soonRead) {
      this.soonRead = new Promise((resolve) =>
        setImmediate(() => {
          const entries = this.soon;
          this.soon = [];
          this.soonRead = undefined;
          resolve(this.stopped ? new Map() : this.readFailClosed(entries));
        }),
      );
    }
    this.soon.push(entry);
    this.review(entry, this.soonRead);
  }

  /** The entries' sessions in queries of BATCH; a query that fails answers none (fail closed). */
  private async readFailClosed(entries: Entry[]): Promise<Map<string, SessionHolder>> {
    const reads: Promise<Map<string, SessionHolder>>[] = [];
    for (let start = 0; start < entries.length; start += BATCH) {
      const batch = entries.slice(start, start + BATCH);
      reads.push(
        this.read(batch).catch((error: unknown) => {
          this.log.warn({ err: error }, 'Could not read the sessions of hub connections: closing');
          return new Map<string, SessionHolder>();
        }),
      );
    }
    const holders = await Promise.all(reads);
    return holders.length === 1 ? holders[0] : new Map(holders.flatMap((map) => [...map]));
  }

  /** The connection waits for this read of its session, which supersedes any earlier one. */
  private review(entry: Entry, read: Promise<Map<string, SessionHolder>>): void {
    entry.checking = true;
    const reads = ++entry.reads;
    entry.connection.review(
      read.then((holders) => this.settle(entry, holders.get(entry.session.id), reads)),
    );
  }

  /** The safety net: every followed session read again; a failure changes nothing. */
  private reverifyAll(): void {
    const entries = [...this.entries.values()];
    for (let start = 0; start < entries.length; start += BATCH) {
      const batch = entries
        .slice(start, start + BATCH)
        .map((entry) => [entry, entry.reads] as const);
      this.read(batch.map(([entry]) => entry)).then(
        (holders) => {
          for (const [entry, reads] of batch) {
            // Superseded by a later read, or no longer followed: that one decides.
            if (entry.reads !== reads || !this.entries.has(entry.connection)) continue;
            const holder = this.settle(entry, holders.get(entry.session.id), reads);
            entry.connection.review(Promise.resolve(holder));
          }
        },
        (error: unknown) =>
          this.log.debug({ err: error }, 'Could not read the sessions of hub connections again'),
      );
    }
  }

  private read(entries: Entry[]): Promise<Map<string, SessionHolder>> {
    const ids = [...new Set(entries.map((entry) => entry.session.id))];
    return findValidSessionHolders(this.db, ids, this.clock());
  }

  /** What a read answered for the entry: its holder, or null once the session ended (then the
   *  entry is no longer followed). */
  private settle(
    entry: Entry,
    holder: SessionHolder | undefined,
    reads: number,
  ): SessionHolder | null {
    if (entry.reads === reads) entry.checking = false;
    if (!holder || holder.user.id !== entry.session.userId) {
      this.entries.delete(entry.connection);
      return null;
    }
    entry.expiresAt = holder.expiresAt;
    return holder;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), this.timing.sessionCheckMs);
    this.timer.unref();
  }

  private tick(): void {
    const now = this.clock();
    if (now - this.lastFullPass >= this.timing.sessionReverifyMs) {
      this.lastFullPass = now;
      this.reverifyAll();
    } else {
      const expired = [...this.entries.values()].filter(
        (entry) => !entry.checking && entry.expiresAt <= now,
      );
      if (expired.length > 0) this.recheck(expired);
    }
    this.schedule();
  }
}
