/**
 * The public platform configuration (`GET /api/config`), read once per page load.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { ClientConfig } from '@/api/types';

export const clientConfigQueryKey = ['config'] as const;

export async function fetchClientConfig(): Promise<ClientConfig> {
  return unwrap(await api.GET('/api/config'));
}

export function useClientConfig() {
  return useQuery({
    queryKey: clientConfigQueryKey,
    queryFn: fetchClientConfig,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
