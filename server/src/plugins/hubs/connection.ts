/**
 * One hub connection over a WebSocket: waits for the handshake, asks the hub whether the caller
 * may connect (rejection = handshake accepted, then a close message with an error), joins the
 * hub's groups (groups.ts: one bus subscription per group for all connections, each message
 * encoded and screened once there), and leaves them when the socket closes. Pings, the client
 * timeout and the handshake timeout are kept by the instance's one clock (keepAlive.ts), from the
 * times this connection notes.
 *
 * A connection opened with a session follows it (sessionWatch.ts): each message is sent only if
 * the session, as last read, still lets its user hold the hub (`allows`) and the message's screen
 * lets that viewer have it; while the session is being read again, messages wait (in order) for
 * the answer; and the connection closes once the session no longer allows it (signed out,
 * expired, password changed, banned, demoted, deleted).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { SessionHolder } from '../../db/repositories/sessions.js';
import type { SessionUser } from '../../domain/sessionUser.js';
import type { Batch } from './batch.js';
import type { GroupMember, HubGroups, Membership, MessageScreen } from './groups.js';
import type { HubClock, TimedConnection } from './keepAlive.js';
import {
  closeFrame,
  frame,
  HANDSHAKE_OK,
  MessageType,
  PING,
  readFrame,
  readHandshake,
  RecordReader,
  type HubFrame,
} from './protocol.js';

export type Admission =
  | {
      groups: string[];
      /**
       * Decides once per message, for every connection sharing this screen, which viewers may
       * have it (groups.ts); each connection applies it to its viewer as its session was last
       * read when the message is sent. Every message goes to anyone, when left out.
       */
      screen?: MessageScreen;
      /**
       * Who may hold the connection and receive its messages (null: signed out), asked before
       * every message and whenever the session is read again; no closes the connection. Anyone,
       * when left out.
       */
      allows?: (viewer: SessionUser | null) => boolean;
    }
  | { rejected: string };

export interface HubConnectionOptions {
  socket: WebSocket;
  admission: Promise<Admission>;
  groups: HubGroups;
  clock: HubClock;
  log: FastifyBaseLogger;
  /** A client that lets this much pile up unread is dropped. */
  maxBufferedBytes?: number;
  /** The session the upgrade request came with (its id and user), if signed in. */
  session?: { id: string; user: SessionUser } | null;
  /** Follows that session once the connection is open (sessionWatch.ts). */
  watch?: SessionFollower;
}

/** What a connection needs of the session watch. */
export interface SessionFollower {
  follow(connection: HubConnection): () => void;
  refreshIfExpired(connection: HubConnection): void;
}

const OPEN = 1;
const GENERIC_ERROR = 'Connection closed with an error.';
/** The close message once the session no longer lets its user hold the hub. */
export const RIGHTS_ENDED = 'Access denied: the session no longer allows this connection.';
const anyone = () => true;

export class HubConnection implements GroupMember, TimedConnection {
  private state: TimedConnection['phase'] = 'handshake';
  private readonly reader = new RecordReader();
  private readonly admission: Promise<Admission>;
  private readonly memberships: Membership[] = [];
  private unfollow?: () => void;
  /** Who the messages go to: the session as last read; null when signed out. */
  private viewer: SessionUser | null = null;
  /** The read of the session under way, if any: messages wait for it in `held`. */
  private reading?: Promise<SessionHolder | null>;
  private held: Batch[] = [];
  private allows: (viewer: SessionUser | null) => boolean = anyone;
  private resolveClosed!: () => void;
  /** Settles once the connection is closed and has left its groups. */
  readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));

  readonly session: { id: string; userId: string } | null;
  readonly openedAt = Date.now();
  lastReceivedAt = this.openedAt;
  lastSentAt = this.openedAt;

  constructor(private readonly options: HubConnectionOptions) {
    const { session } = options;
    this.session = session ? { id: session.id, userId: session.user.id } : null;
    // Until the watch has read the session again (it does so as the connection opens).
    if (session) this.viewer = session.user;
    const { socket, log } = options;
    this.admission = options.admission.catch((error: unknown) => {
      log.error({ err: error }, 'Could not admit a hub connection');
      return { rejected: GENERIC_ERROR };
    });
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.dispose());
    options.clock.add(this);
  }

  get phase(): TimedConnection['phase'] {
    return this.state;
  }

  /** Settles once every message received so far has been sent or withheld (tests). */
  async idle(): Promise<void> {
    // The groups hand messages over once screened; a read of the session under way holds them.
    await Promise.all(this.memberships.map((membership) => membership.idle()));
    while (this.reading) await this.reading;
  }

  /** The session as read again (sessionWatch.ts): later messages wait for it, and the connection
   *  closes if it no longer lets its user hold the hub. */
  review(holder: Promise<SessionHolder | null>): void {
    if (this.state === 'closed') return;
    const read = holder.catch(() => null);
    this.reading = read;
    void read.then((current) => {
      // A later read supersedes this one: its answer decides.
      if (this.reading !== read) return;
      this.reading = undefined;
      this.viewer = current?.user ?? null;
      if (!this.allows(this.viewer)) return this.close(RIGHTS_ENDED);
      const held = this.held;
      this.held = [];
      this.sendBatches(held);
    });
  }

  /** Messages of a group (groups.ts), in order: sent now, or held while the session is read. */
  deliver(batch: Batch): void {
    if (this.state !== 'open') return;
    // Past the session's known expiry, it is read again first (the message then waits for it).
    if (this.session) this.options.watch?.refreshIfExpired(this);
    if (this.reading || this.held.length > 0) {
      this.held.push(batch);
      return;
    }
    this.sendBatches([batch]);
  }

  ping(): void {
    this.send(PING);
  }

  /** Sends a close message (with the error, if any) and closes the socket. */
  close(error?: string, allowReconnect = false): void {
    if (this.state === 'closed') return;
    this.send(closeFrame(error, allowReconnect));
    this.options.socket.close(1000);
    this.dispose();
  }

  private sendBatches(batches: Batch[]): void {
    if (this.state !== 'open' || batches.length === 0) return;
    const { viewer } = this;
    if (!this.allows(viewer)) return;
    // The batch's time, not the clock's, for each of thousands of sockets.
    const at = batches[batches.length - 1].at;
    if (batches.length === 1) {
      const bytes = batches[0].bytesFor(viewer);
      if (bytes) this.send(bytes, at);
      return;
    }
    const parts = batches.map((batch) => batch.bytesFor(viewer)).filter((b) => b !== null);
    if (parts.length > 0) this.send(Buffer.concat(parts), at);
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    if (isBinary) return this.close('Binary messages are not supported.');
    let records: string[];
    try {
      records = this.reader.push(data.toString());
    } catch {
      return this.close('Message too large.');
    }
    for (const record of records) {
      if (this.state === 'handshake') this.handshake(record);
      else this.handle(readFrame(record));
      if (this.isClosed) return;
    }
  }

  private get isClosed(): boolean {
    return this.state === 'closed';
  }

  private handshake(record: string): void {
    const result = readHandshake(record);
    if (!result.ok) {
      // A failed handshake is answered with a handshake error, not a close message.
      this.send(frame({ error: result.error }));
      this.options.socket.close(1000);
      return this.dispose();
    }
    this.state = 'admitting';
    void this.admission.then((admission) => this.admitted(admission));
  }

  private admitted(admission: Admission): void {
    if (this.state === 'closed') return;
    this.send(HANDSHAKE_OK);
    if ('rejected' in admission) return this.close(admission.rejected);
    this.state = 'open';
    // The client timeout counts from here.
    this.lastReceivedAt = Date.now();
    this.allows = admission.allows ?? anyone;
    const { session, watch, groups } = this.options;
    if (session && watch) this.unfollow = watch.follow(this);
    for (const group of admission.groups) {
      this.memberships.push(groups.join(group, admission.screen ?? null, this));
    }
  }

  private handle(message: HubFrame | null): void {
    if (!message || typeof message.type !== 'number') return this.close(GENERIC_ERROR);
    if (this.state !== 'open' && message.type !== MessageType.Close) return;
    switch (message.type) {
      case MessageType.Close:
        this.options.socket.close(1000);
        return this.dispose();
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // These hubs only push: no method can be invoked.
        if (typeof message.invocationId === 'string') {
          this.send(
            frame({
              type: MessageType.Completion,
              invocationId: message.invocationId,
              error: `Failed to invoke '${String(message.target)}' because it does not exist.`,
            }),
          );
        }
        return;
      default:
        // Pings, cancellations and stream items need no answer.
        return;
    }
  }

  private send(data: string | Buffer, at = Date.now()): void {
    const { socket, maxBufferedBytes = 4 * 1024 * 1024 } = this.options;
    if (socket.readyState !== OPEN) return;
    this.lastSentAt = at;
    if (socket.bufferedAmount > maxBufferedBytes) {
      this.options.log.debug('Dropping a hub client that does not read its messages');
      socket.terminate();
      return this.dispose();
    }
    // A Buffer is sent as it is (the same one to every socket), as a text message.
    socket.send(data, { binary: false });
  }

  private dispose(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.options.clock.delete(this);
    this.unfollow?.();
    for (const membership of this.memberships.splice(0)) membership.leave();
    this.held = [];
    this.resolveClosed();
  }
}
