/**
 * The live log of the logs page: entries pushed over `/hub/admin` while the page is open, the
 * connection's state, and the pause toggle. After a lost connection comes back, the lists are read
 * again to fill the gap.
 */
import { useCallback, useReducer } from 'react';
import { useRefresh } from 'react-admin';
import type { LogMessage } from '@/api/types';
import type { HubStatus } from '@/lib/realtime/hubLink';
import { useAdminHub } from '@/console/useAdminHub';
import { initialLiveLog, liveLogReducer, type LiveLogState } from './liveLogs';

export interface LiveLogs extends LiveLogState {
  connection: HubStatus;
  setPaused: (paused: boolean) => void;
}

export function useLiveLogs(): LiveLogs {
  const [state, dispatch] = useReducer(liveLogReducer, initialLiveLog);
  const refresh = useRefresh();
  const connection = useAdminHub({
    onLog: (entry: LogMessage) => dispatch({ type: 'received', entry }),
    onReconnected: refresh,
  });
  const setPaused = useCallback(
    (paused: boolean) => dispatch({ type: paused ? 'pause' : 'resume' }),
    [],
  );
  return { ...state, connection, setPaused };
}
