/**
 * One hub connection over a WebSocket: waits for the handshake, asks the hub whether the caller
 * may connect (rejection = handshake accepted, then a close message with an error), subscribes to
 * the hub's groups on the realtime bus, pings every keep-alive interval and drops clients that
 * stay silent past the client timeout. Every subscription is undone when the socket closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
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
}

/** ASP.NET Core SignalR's defaults, which clients expect. */
export const DEFAULT_TIMING: HubTiming = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
};

export type Admission =
  | {
      groups: string[];
      /** Decides per message whether it is delivered; the messages keep their order. */
      accepts?: (message: HubMessage) => Promise<boolean>;
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
}

const OPEN = 1;
const GENERIC_ERROR = 'Connection closed with an error.';

export class HubConnection {
  private state: 'handshake' | 'admitting' | 'open' | 'closed' = 'handshake';
  private readonly reader = new RecordReader();
  private readonly admission: Promise<Admission>;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private clientTimer?: NodeJS.Timeout;
  /** Messages waiting for their verdict (`accepts`), in arrival order. */
  private outbox: Promise<void> = Promise.resolve();
  private resolveClosed!: () => void;
  /** Settles once the connection is closed and unsubscribed. */
  readonly closed = new Promise<void>((resolve) => (this.resolveClosed = resolve));

  constructor(private readonly options: HubConnectionOptions) {
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
    const deliver: HubListener = accepts
      ? (message) => {
          const verdict = accepts(message);
          this.outbox = this.outbox.then(async () => {
            if (await verdict.catch(() => false)) this.send(invocationFrame(message));
          });
        }
      : (message) => this.send(invocationFrame(message));
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
