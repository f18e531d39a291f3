/**
 * What the app uses of a SignalR hub connection, the one retry policy of every live channel, and
 * the one builder. Player pages and the console (`/hub/user`, `/hub/monitor`, `/hub/admin`) all
 * connect through here; web tests replace SignalR's builder underneath (src/test/fakeHub.ts).
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';

/** The state of a live channel, as every page shows it. */
export type HubStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** What the app uses of SignalR's HubConnection. */
export interface HubLink {
  on(method: string, handler: (...args: unknown[]) => void): void;
  off(method: string, handler: (...args: unknown[]) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  onclose(callback: (error?: Error) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Milliseconds before reconnection attempt `attempt` (0-based): 1 s, 2 s, 4 s … up to 30 s, never
 * giving up. SignalR uses it for a lost connection, and ./sharedHub.ts for a start that failed
 * or a connection the server closed.
 */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

/** The SignalR JSON hub protocol over WebSocket, reconnecting by itself with {@link retryDelay}. */
export function createHubConnection(url: string): HubLink {
  return new HubConnectionBuilder()
    .withUrl(url, { transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect({
      nextRetryDelayInMilliseconds: ({ previousRetryCount }) => retryDelay(previousRetryCount),
    })
    .configureLogging(LogLevel.None)
    .build();
}
