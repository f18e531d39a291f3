/**
 * The connection to `/hub/admin`, the server's live log: SignalR's JSON hub protocol over
 * WebSocket (negotiate first). The SignalR client is loaded on demand, when a page opens the
 * connection, and reconnects by itself with growing delays, never giving up.
 */
export const ADMIN_HUB_PATH = '/hub/admin';
/** The hub method that carries one new log entry (a LogMessageModel with an ISO time). */
export const RECEIVED_LOG = 'ReceivedLog';

/** What the console uses of SignalR's HubConnection (tests fake it). */
export interface AdminHubConnection {
  on(method: string, handler: (...args: unknown[]) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  onclose(callback: (error?: Error) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type ConnectAdminHub = () => Promise<AdminHubConnection>;

/** Milliseconds before reconnection attempt `attempt` (0-based): 1 s, 2 s, 4 s … up to 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

export const connectAdminHub: ConnectAdminHub = async () => {
  const { HubConnectionBuilder, HttpTransportType, LogLevel } = await import('@microsoft/signalr');
  return new HubConnectionBuilder()
    .withUrl(ADMIN_HUB_PATH, { transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect({
      nextRetryDelayInMilliseconds: ({ previousRetryCount }) => retryDelay(previousRetryCount),
    })
    .configureLogging(LogLevel.Warning)
    .build();
};
