/**
 * A live channel of the server (`/hub/user`, `/hub/monitor`, `/hub/admin`): the SignalR JSON
 * protocol over WebSocket, reconnecting on its own. Open while the component is mounted and
 * `enabled`; each message of `target` goes to `onMessage` (the latest one given). Hooks on the
 * same URL share one connection (./sharedHub.ts).
 */
import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { useEffect, useRef, useState } from 'react';
import { acquireHub, type HubStatus } from './sharedHub';

export type { HubStatus } from './sharedHub';

/** Delays between reconnection attempts, in ms; then every 30 s. */
const RECONNECT_DELAYS = [0, 2_000, 5_000, 10_000];

export function createHubConnection(url: string): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(url, { transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect({
      nextRetryDelayInMilliseconds: ({ previousRetryCount }) =>
        RECONNECT_DELAYS[previousRetryCount] ?? 30_000,
    })
    .configureLogging(LogLevel.None)
    .build();
}

export interface UseHubOptions<T> {
  /** e.g. `/hub/user?game=3` */
  url: string;
  /** The server method to listen to, e.g. `ReceivedGameNotice`. */
  target: string;
  onMessage: (message: T) => void;
  enabled?: boolean;
  /** For tests: builds the connection instead of the real client. */
  connect?: (url: string) => HubConnection;
}

export function useHub<T>({
  url,
  target,
  onMessage,
  enabled = true,
  connect = createHubConnection,
}: UseHubOptions<T>): HubStatus {
  const [status, setStatus] = useState<HubStatus>('connecting');
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!enabled) return;
    const hub = acquireHub(url, connect);
    const deliver = (message: T) => handler.current(message);
    hub.connection.on(target, deliver);
    const unwatch = hub.watch(setStatus);
    return () => {
      unwatch();
      hub.connection.off(target, deliver);
      hub.release();
      setStatus('connecting');
    };
  }, [url, target, enabled, connect]);

  return enabled ? status : 'closed';
}
