/**
 * Single sign-on data hooks (issue 26): the providers the sign-in page offers, and the caller's
 * linked sign-ins. Starting a sign-in or a link is a browser navigation (`ssoStartPath`), not a
 * fetch: the provider's pages take over the tab.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const ssoKeys = {
  options: ['sso', 'options'] as const,
  links: ['sso', 'links'] as const,
};

export function useSsoOptions() {
  return useQuery({
    queryKey: ssoKeys.options,
    queryFn: async () => unwrap(await api.GET('/api/account/sso')),
    staleTime: 60_000,
  });
}

export function useSsoLinks() {
  return useQuery({
    queryKey: ssoKeys.links,
    queryFn: async () => unwrap(await api.GET('/api/account/sso/links')),
  });
}

export function useSsoUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (provider: string) =>
      unwrap(
        await api.DELETE('/api/account/sso/links/{provider}', { params: { path: { provider } } }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKeys.links }),
  });
}

/** Where a sign-in (or, with `link`, a link from the profile) with the provider starts. */
export function ssoStartPath(provider: string, from: string, link = false): string {
  const query = new URLSearchParams({ from });
  if (link) query.set('mode', 'link');
  return `/api/account/sso/${encodeURIComponent(provider)}/start?${query}`;
}
