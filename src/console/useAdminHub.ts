/**
 * Live log entries from `/hub/admin` while a page is open, over the app's one live channel
 * (`@/lib/realtime/useHub`: connects on mount, retries a failed start or a lost connection,
 * disconnects on unmount). After a lost connection comes back, `onReconnected` says entries may
 * have been missed meanwhile.
 */
import type { LogMessage } from '@/api/types';
import type { HubStatus } from '@/lib/realtime/hubLink';
import { useHub } from '@/lib/realtime/useHub';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';
import { ADMIN_HUB_PATH, RECEIVED_LOG } from './adminHubConnection';

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

export function useAdminHub(handlers: AdminHubHandlers): HubStatus {
  const status = useHub<unknown>({
    url: ADMIN_HUB_PATH,
    target: RECEIVED_LOG,
    onMessage: (payload) => {
      const entry = fromHubLog(payload);
      if (entry) handlers.onLog(entry);
    },
  });
  useRefetchOnReconnect(status, () => handlers.onReconnected?.());
  return status;
}
