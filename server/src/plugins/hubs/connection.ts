/**
 * One hub connection over a WebSocket: waits for the handshake, asks the hub whether the caller
 * may connect (rejection = handshake accepted, then a close message with an error), subscribes to
 * the hub's groups on the realtime bus, pings every keep-alive interval and drops clients that
 * stay silent past the client timeout. Every subscription is undone when the socket closes.
 *
 * A connection opened with a session follows it (sessionWatch.ts): each message is sent only if
 * the session, as last read, still lets its user hold the hub (`allows`), and the connection
 * closes once it does not (signed out, expired, password changed, banned, demoted, deleted).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { SessionHolder } from '../../db/repositories/sessions.js';
import type { SessionUser } from '../../domain/sessionUser.js';
import type { HubListener, HubMessage, RealtimeBus } from '../../services/realtime.js';
import {
  closeFrame,
  frame,
  HANDSHAKE_OK,
  invocationFrame,
  MessageType,
  PING,
  readFrame,
  readHandshake,
  RecordReader,
  type HubFrame,
} from './protocol.js';

export interface HubTiming {
  keepAliveMs: number;
  clientTimeoutMs: number;
  handshakeTimeoutMs: number;
  /** How often signed-in connections are looked at for an expired session (sessionWatch.ts). */
  sessionCheckMs: number;
  /** How often every signed-in connection's session is read again (safety net). */
  sessionReverifyMs: number;
}

/** ASP.NET Core SignalR's defaults, which clients expect. */
export const DEFAULT_TIMING: HubTiming = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  sessionCheckMs: 1_000,
  sessionReverifyMs: 60_000,
};

export type Admission =
  | {
      groups: string[];
      /**
       * Decides per message whether it is delivered to the viewer, as its session was last read
       * (null: signed out), so a message is judged for who holds the connection when it is sent;
       * the messages keep their order.
       */
      accepts?: (message: HubMessage, viewer: SessionUser | null) => Promise<boolean>;
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
  bus: RealtimeBus;
  timing: HubTiming;
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

export class HubConnection {
  private state: 'handshake' | 'admitting' | 'open' | 'closed' = 'handshake';
  private readonly reader = new RecordReader();
  private readonly admission: Promise<Admission>;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private clientTimer?: NodeJS.Timeout;
  /** Messages waiting for their verdict (`accepts`), in arrival order. */
  private outbox: Promise<void> = Promise.resolve();
  /** Who the messages go to: the session as last read (or being read); null when signed out. */
  private viewer: Promise<SessionHolder | null> = Promise.resolve(null);
  private allows: (viewer: SessionUser | null) => boolean = anyone;
  private resolveClosed!: () => void;
  /** Settles once the connection is closed and unsubscribed. */
  readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));

  readonly session: { id: string; userId: string } | null;

  constructor(private readonly options: HubConnectionOptions) {
    const { session } = options;
    this.session = session ? { id: session.id, userId: session.user.id } : null;
    // Until the watch has read the session again (it does so as the connection opens).
    if (session) this.viewer = Promise.resolve({ user: session.user, expiresAt: Infinity });
    const { socket, timing, log } = options;
    this.admission = options.admission.catch((error: unknown) => {
      log.error({ err: error }, 'Could not admit a hub connection');
      return { rejected: GENERIC_ERROR };
    });
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.dispose());
    this.timers.push(
      setTimeout(() => {
        if (this.state === 'handshake') this.close('Handshake was canceled.');
      }, timing.handshakeTimeoutMs),
    );
  }

  /** Settles once every message received so far has been sent or withheld (tests). */
  idle(): Promise<void> {
    return this.outbox;
  }

  /** The session as read again (sessionWatch.ts): later messages wait for it, and the connection
   *  closes if it no longer lets its user hold the hub. */
  review(holder: Promise<SessionHolder | null>): void {
    if (this.state === 'closed') return;
    const viewer = holder.catch(() => null);
    this.viewer = viewer;
    void viewer.then((current) => {
      if (this.viewer === viewer && !this.allows(current?.user ?? null)) this.close(RIGHTS_ENDED);
    });
  }

  /** Sends a close message (with the error, if any) and closes the socket. */
  close(error?: string, allowReconnect = false): void {
    if (this.state === 'closed') return;
    this.send(closeFrame(error, allowReconnect));
    this.options.socket.close(1000);
    this.dispose();
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.clientTimer?.refresh();
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
    const { accepts } = admission;
    this.allows = admission.allows ?? anyone;
    const { session, watch } = this.options;
    if (session && watch) this.unsubscribe.push(watch.follow(this));
    const deliver: HubListener = (message) => {
      const verdict = accepts
        ? this.viewer.then((holder) => accepts(message, holder?.user ?? null)).catch(() => false)
        : true;
      this.outbox = this.outbox.then(async () => {
        if ((await verdict) && (await this.mayReceive())) this.send(invocationFrame(message));
      });
    };
    for (const group of admission.groups) {
      this.unsubscribe.push(this.options.bus.subscribe(group, deliver));
    }
    const { keepAliveMs, clientTimeoutMs } = this.options.timing;
    this.timers.push(setInterval(() => this.send(PING), keepAliveMs));
    this.clientTimer = setTimeout(
      () => this.close('Server timeout elapsed without receiving a message from the client.'),
      clientTimeoutMs,
    );
    this.timers.push(this.clientTimer);
  }

  /** Whether the viewer may have a message now (at send time, after any read under way). */
  private async mayReceive(): Promise<boolean> {
    if (this.session) this.options.watch?.refreshIfExpired(this);
    const viewer = await this.viewer;
    return this.state === 'open' && this.allows(viewer?.user ?? null);
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

  private send(text: string): void {
    const { socket, maxBufferedBytes = 4 * 1024 * 1024 } = this.options;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > maxBufferedBytes) {
      this.options.log.debug('Dropping a hub client that does not read its messages');
      socket.terminate();
      return this.dispose();
    }
    socket.send(text);
  }

  private dispose(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    for (const timer of this.timers) clearTimeout(timer);
    for (const off of this.unsubscribe.splice(0)) off();
    this.resolveClosed();
  }
}
