/**
 * The signed-in user's personal API tokens (`/api/account/tokens`, issue 26) on the shared query
 * client: the list, and the calls that create and revoke one (each refreshes the list).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { ApiTokenCreate } from '@/api/types';
import { accountKeys } from '@/hooks/account';

export const apiTokenKeys = {
  list: [...accountKeys.all, 'apiTokens'] as const,
};

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: async () => unwrap(await api.GET('/api/account/tokens')),
  });
}

function useRefreshTokens() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list });
}

export function useCreateApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: async (body: ApiTokenCreate) =>
      unwrap(await api.POST('/api/account/tokens', { body })),
    onSuccess: refresh,
  });
}

export function useRevokeApiToken() {
  const refresh = useRefreshTokens();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE('/api/account/tokens/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
