/**
 * The one TanStack QueryClient, shared by the shell's hooks and the react-admin console.
 *
 * Defaults follow the seed's refresh rules; a hook that needs polling sets
 * `refetchInterval: REFRESH_INTERVAL` itself (STYLE.md §9: the hook decides polling).
 */
import { QueryClient } from '@tanstack/react-query';

/** Interval for data that polls (scoreboards, notices…), in ms. */
export const REFRESH_INTERVAL = 10_000;
/** Identical requests within this window share one answer, in ms. */
export const DEDUPE_INTERVAL = 2_000;
/** Delay before retrying a failed query, in ms. */
export const ERROR_RETRY_DELAY = 5_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEDUPE_INTERVAL,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: 2,
        retryDelay: ERROR_RETRY_DELAY,
      },
    },
  });
}

export const queryClient = createQueryClient();
