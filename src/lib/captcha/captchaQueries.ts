/**
 * Captcha data hooks (`/api/captcha*`): which provider the account pages must satisfy, and
 * Hash-PoW challenges.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** A challenge is valid for 5 minutes (sliding); fetch a fresh one after 4. */
export const POW_CHALLENGE_REFRESH = 4 * 60_000;

export const captchaKeys = {
  config: ['captcha', 'config'] as const,
  powChallenge: ['captcha', 'powchallenge'] as const,
};

export function useCaptchaConfig() {
  return useQuery({
    queryKey: captchaKeys.config,
    queryFn: async () => unwrap(await api.GET('/api/captcha')),
    staleTime: 60_000,
    retry: false,
  });
}

/** A Hash-PoW challenge, refreshed every 4 minutes while `enabled`. Each is usable once. */
export function usePowChallenge(enabled: boolean) {
  return useQuery({
    queryKey: captchaKeys.powChallenge,
    queryFn: async () => unwrap(await api.GET('/api/captcha/powchallenge')),
    enabled,
    staleTime: POW_CHALLENGE_REFRESH,
    refetchInterval: POW_CHALLENGE_REFRESH,
    refetchOnWindowFocus: false,
    gcTime: 0,
    retry: false,
  });
}
