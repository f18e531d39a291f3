/**
 * The console home's figures: read from `GET /api/admin/overview`, then kept current by the admin
 * hub (registration changes, error log entries) here and by each running game's hubs
 * (./useGameLiveFigures.ts); read again every minute as a safety net, after a lost connection
 * came back, and when a game on the home starts or ends.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, unwrap } from '@/api/client';
import type { AdminOverview } from '@/api/types';
import { useAdminHub } from '@/console/useAdminHub';
import { useRegistrationChanges } from '@/console/useRegistrationChanges';
import { logArrived, nextPhaseChange, registrationChanged } from './overviewUpdates';

export const OVERVIEW_QUERY = ['console', 'overview'] as const;
/** The safety net: however live the figures are, read them all again this often. */
export const OVERVIEW_REFRESH_MS = 60_000;
/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

/** Applies a change to the cached figures (none while they are not read yet). */
export function useOverviewUpdate() {
  const queryClient = useQueryClient();
  return {
    update: (change: (overview: AdminOverview) => AdminOverview) =>
      queryClient.setQueryData<AdminOverview>(OVERVIEW_QUERY, (overview) =>
        overview ? change(overview) : overview,
      ),
    refetch: () => void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY }),
  };
}

export function useOverview() {
  const query = useQuery({
    queryKey: OVERVIEW_QUERY,
    queryFn: async () => unwrap(await api.GET('/api/admin/overview')),
    refetchInterval: OVERVIEW_REFRESH_MS,
  });
  const { update, refetch } = useOverviewUpdate();
  useRegistrationChanges({
    onChange: (change) => update((overview) => registrationChanged(overview, change)),
    onReconnected: refetch,
  });
  const hub = useAdminHub({
    onLog: (entry) => update((overview) => logArrived(overview, entry)),
    onReconnected: refetch,
  });
  // A game that starts or ends moves between the home's sections: read the figures again then.
  // Counted on the server's clock from the read (`time`), not on this browser's: a phase the
  // server gave is due after the read however late the answer arrived or however wrong the
  // browser's clock is (and a game that starts while the answer travels is not missed).
  const queryClient = useQueryClient();
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (!data) return;
    const next = nextPhaseChange(data, data.time);
    if (next === undefined) return;
    const sinceRead = Date.now() - dataUpdatedAt;
    const delay = Math.min(Math.max(0, next - data.time - sinceRead) + 1_000, MAX_TIMER);
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY }),
      delay,
    );
    return () => clearTimeout(timer);
  }, [data, dataUpdatedAt, queryClient]);
  return { ...query, hub };
}
