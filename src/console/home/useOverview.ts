/**
 * The console home's figures: read from `GET /api/admin/overview`, then kept current by the admin
 * hub (registration changes, error log entries) here and by each running game's hubs
 * (./useGameLiveFigures.ts); read again every minute as a safety net and after a lost connection
 * came back.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { AdminOverview } from '@/api/types';
import { useAdminHub } from '@/console/useAdminHub';
import { useRegistrationChanges } from '@/console/useRegistrationChanges';
import { logArrived, registrationChanged } from './overviewUpdates';

export const OVERVIEW_QUERY = ['console', 'overview'] as const;
/** The safety net: however live the figures are, read them all again this often. */
export const OVERVIEW_REFRESH_MS = 60_000;

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
  return { ...query, hub };
}
