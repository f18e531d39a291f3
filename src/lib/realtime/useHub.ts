/**
 * A live channel of the server (`/hub/user`, `/hub/monitor`, `/hub/admin`): the SignalR JSON
 * protocol over WebSocket, reconnecting on its own (./hubLink.ts). Open while the component is
 * mounted and `enabled`; each message of `target` goes to `onMessage` (the latest one given).
 * Hooks on the same URL share one connection (./sharedHub.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { acquireHub } from './sharedHub';
import type { HubStatus } from './hubLink';

export { createHubConnection, retryDelay, type HubLink, type HubStatus } from './hubLink';

export interface UseHubOptions<T> {
  /** e.g. `/hub/user?game=3` */
  url: string;
  /** The server method to listen to, e.g. `ReceivedGameNotice`. */
  target: string;
  onMessage: (message: T) => void;
  enabled?: boolean;
}

export function useHub<T>({ url, target, onMessage, enabled = true }: UseHubOptions<T>): HubStatus {
  const [status, setStatus] = useState<HubStatus>('connecting');
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!enabled) return;
    const hub = acquireHub(url);
    const deliver = (message: unknown) => handler.current(message as T);
    hub.on(target, deliver);
    const unwatch = hub.watch(setStatus);
    return () => {
      unwatch();
      hub.off(target, deliver);
      hub.release();
      setStatus('connecting');
    };
  }, [url, target, enabled]);

  return enabled ? status : 'offline';
}
