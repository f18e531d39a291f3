/**
 * The hubs' clocks, one timer for every connection of the instance instead of two or three per
 * connection: each pass sends a ping to the connections that have been sent nothing for a
 * keep-alive interval (as ASP.NET Core SignalR does: while messages flow, no ping is needed, and
 * 10,000 connections pinged each 15 s would be 667 more writes a second), closes those whose
 * client has been silent past the client timeout, and those still without a handshake past the
 * handshake timeout. The timing is read at every pass (tests shorten it on a
 * running app); a pass comes every quarter of the shortest period, at most every second, so a
 * deadline is kept to within that. The timer runs only while there are connections.
 */
import type { HubTiming } from './timing.js';

/** What the clock needs of a connection. */
export interface TimedConnection {
  readonly phase: 'handshake' | 'admitting' | 'open' | 'closed';
  /** When the socket opened, and when the client last sent anything (epoch ms). */
  readonly openedAt: number;
  readonly lastReceivedAt: number;
  /** When the connection last sent anything (a ping, a message, the handshake answer). */
  readonly lastSentAt: number;
  ping(): void;
  close(error: string): void;
}

export const HANDSHAKE_TIMEOUT = 'Handshake was canceled.';
export const CLIENT_TIMEOUT = 'Server timeout elapsed without receiving a message from the client.';

const MAX_PASS_MS = 1_000;
const MIN_PASS_MS = 5;

export class HubClock {
  private readonly connections = new Set<TimedConnection>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly timing: HubTiming,
    private readonly clock: () => number = Date.now,
  ) {}

  add(connection: TimedConnection): void {
    this.connections.add(connection);
    this.schedule();
  }

  delete(connection: TimedConnection): void {
    this.connections.delete(connection);
    if (this.connections.size === 0) this.stop();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.connections.size === 0) return;
    const { keepAliveMs, clientTimeoutMs, handshakeTimeoutMs } = this.timing;
    const shortest = Math.min(keepAliveMs, clientTimeoutMs, handshakeTimeoutMs);
    const period = Math.max(MIN_PASS_MS, Math.min(MAX_PASS_MS, shortest / 4));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pass();
      this.schedule();
    }, period);
    // Never what keeps the process alive: the sockets do that.
    this.timer.unref();
  }

  /** One look at every connection. */
  pass(): void {
    const now = this.clock();
    const { keepAliveMs, clientTimeoutMs, handshakeTimeoutMs } = this.timing;
    for (const connection of this.connections) {
      switch (connection.phase) {
        case 'handshake':
          if (now - connection.openedAt >= handshakeTimeoutMs) connection.close(HANDSHAKE_TIMEOUT);
          break;
        case 'open':
          if (now - connection.lastReceivedAt >= clientTimeoutMs) {
            connection.close(CLIENT_TIMEOUT);
          } else if (now - connection.lastSentAt >= keepAliveMs) {
            connection.ping();
          }
          break;
        default:
          break;
      }
    }
  }
}
