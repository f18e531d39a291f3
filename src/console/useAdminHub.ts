/**
 * Live log entries from `/hub/admin` while a page is open: connects on mount, reconnects after a
 * failed start or a lost connection (SignalR retries lost connections itself; a start that fails
 * is retried here), and disconnects on unmount.
 */
import { useEffect, useRef, useState } from 'react';
import type { LogMessage } from '@/api/types';
import {
  connectAdminHub,
  RECEIVED_LOG,
  retryDelay,
  type AdminHubConnection,
  type ConnectAdminHub,
} from './adminHubConnection';

export type AdminHubState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface AdminHubHandlers {
  onLog: (entry: LogMessage) => void;
  /** After the connection came back: entries may have been missed meanwhile. */
  onReconnected?: () => void;
}

/** A pushed entry as the list's model: the hub writes `time` as an ISO string, the API as ms. */
export function fromHubLog(payload: unknown): LogMessage | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const entry = payload as Omit<LogMessage, 'time'> & { time: unknown };
  const time =
    typeof entry.time === 'number'
      ? entry.time
      : typeof entry.time === 'string'
        ? Date.parse(entry.time)
        : NaN;
  if (!Number.isFinite(time)) return undefined;
  return {
    time,
    level: entry.level ?? null,
    name: entry.name ?? null,
    ip: entry.ip ?? null,
    msg: entry.msg ?? null,
    status: entry.status ?? null,
  };
}

export function useAdminHub(
  handlers: AdminHubHandlers,
  connect: ConnectAdminHub = connectAdminHub,
): AdminHubState {
  const [state, setState] = useState<AdminHubState>('connecting');
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    let disposed = false;
    let connection: AdminHubConnection | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let wasLive = false;
    const show = (next: AdminHubState) => {
      if (!disposed) setState(next);
    };

    const cameBack = () => {
      show('live');
      handlersRef.current.onReconnected?.();
    };
    const retryLater = () => {
      if (disposed) return;
      show('offline');
      clearTimeout(retry);
      retry = setTimeout(() => void open(), retryDelay(failures++));
    };
    const prepare = async () => {
      const opened = await connect();
      opened.on(RECEIVED_LOG, (payload) => {
        const entry = fromHubLog(payload);
        if (entry && !disposed) handlersRef.current.onLog(entry);
      });
      opened.onreconnecting(() => show('reconnecting'));
      opened.onreconnected(cameBack);
      opened.onclose(retryLater);
      return opened;
    };
    const open = async () => {
      if (failures > 0) show('reconnecting');
      try {
        connection ??= await prepare();
        if (disposed) return;
        await connection.start();
      } catch {
        retryLater();
        return;
      }
      failures = 0;
      if (wasLive) cameBack();
      else show('live');
      wasLive = true;
    };
    void open();

    return () => {
      disposed = true;
      clearTimeout(retry);
      connection?.stop().catch(() => undefined);
    };
  }, [connect]);

  return state;
}
