/**
 * Two-step sign-in hooks (issue 26): the second step of a sign-in (and the enrolment a staff
 * role may require there), and the profile's authenticator app and recovery codes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { SecondStepRequest, TotpDisableRequest } from '@/api/types';
import { accountKeys } from '@/hooks/account';

export const twoStepKeys = {
  status: ['account', 'two-step'] as const,
};

export function useTwoStepStatus() {
  return useQuery({
    queryKey: twoStepKeys.status,
    queryFn: async () => unwrap(await api.GET('/api/account/two-step')),
  });
}

/** After a call that signed someone in, or changed the second step. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.profile }),
      queryClient.invalidateQueries({ queryKey: twoStepKeys.status }),
    ]);
}

/** Finishes a pending sign-in with a code or a recovery code. */
export function useSecondStep() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: SecondStepRequest) =>
      unwrap(await api.POST('/api/account/login/second-step', { body })),
    onSuccess: refresh,
  });
}

/** A new secret under a pending sign-in that must enrol (its role requires a second step). */
export function useSignInEnrolStart() {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/account/login/second-step/enrol')),
  });
}

export function useSignInEnrolConfirm() {
  return useMutation({
    mutationFn: async (code: string) =>
      unwrap(await api.POST('/api/account/login/second-step/enrol/confirm', { body: { code } })),
  });
}

export function useStartTotp() {
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/account/two-step/totp')),
  });
}

export function useConfirmTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (code: string) =>
      unwrap(await api.POST('/api/account/two-step/totp/confirm', { body: { code } })),
    onSuccess: refresh,
  });
}

export function useDisableTotp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: TotpDisableRequest) =>
      unwrap(await api.POST('/api/account/two-step/totp/disable', { body })),
    onSuccess: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (code: string) =>
      unwrap(await api.POST('/api/account/two-step/recovery-codes', { body: { code } })),
    onSuccess: refresh,
  });
}

const pendingKey = ['account', 'second-step'] as const;

/**
 * The pending sign-in's challenge, for a sign-in page reached with `?second-step` (a sign-in that
 * began elsewhere, e.g. back from an identity provider): undefined when there is none, and
 * `forget()` once the user goes back to the password.
 */
export function usePendingSecondStep(enabled: boolean) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: pendingKey,
    enabled,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const result = await api.GET('/api/account/login/second-step');
      if (result.response.status === 401) return null;
      return unwrap(result).secondStep;
    },
  });
  return {
    challenge: (enabled && data) || undefined,
    forget: () => queryClient.setQueryData(pendingKey, null),
  };
}
