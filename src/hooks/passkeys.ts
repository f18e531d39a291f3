/**
 * Passkey hooks (issue 26): the account's passkeys (list, add, rename, delete) and signing in with
 * a passkey alone. Each ceremony asks the server for options (its challenge stays on the server,
 * named by an HttpOnly cookie), lets the browser's authenticator answer through
 * `@simplewebauthn/browser`, and sends the answer back.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api, unwrap } from '@/api/client';
import type { PasskeyAssertion, PasskeyRegistrationCredential } from '@/api/types';
import { accountKeys } from '@/hooks/account';

const passkeyKeys = { list: [...accountKeys.all, 'passkeys'] as const };

export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.list,
    queryFn: async () => unwrap(await api.GET('/api/account/passkeys')),
  });
}

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
}

/** Makes a passkey on this device and adds it to the account under `name`. */
export function useAddPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = unwrap(await api.POST('/api/account/passkeys/registeroptions'));
      const credential = await startRegistration({
        optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
      });
      const body = { name, credential: credential as PasskeyRegistrationCredential };
      return unwrap(await api.POST('/api/account/passkeys', { body }));
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      unwrap(
        await api.PUT('/api/account/passkeys/{id}', { params: { path: { id } }, body: { name } }),
      ),
    onSuccess: refresh,
  });
}

export function useDeletePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: async (id: number) =>
      unwrap(await api.DELETE('/api/account/passkeys/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Signs in with a passkey the authenticator offers (no user name), then refreshes the session. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = unwrap(await api.POST('/api/account/passkeys/signinoptions'));
      const assertion = await startAuthentication({
        optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      });
      return unwrap(
        await api.POST('/api/account/passkeys/signin', {
          body: assertion as PasskeyAssertion,
        }),
      );
    },
    // The profile (the session) and everything of the account, the passkeys' last use included.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** A passkey of the account as the second step of the pending sign-in (after its password). */
export function usePasskeySecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const options = unwrap(await api.POST('/api/account/passkeys/secondstepoptions'));
      const assertion = await startAuthentication({
        optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      });
      return unwrap(
        await api.POST('/api/account/passkeys/secondstep', {
          body: assertion as PasskeyAssertion,
        }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

/** The browser's authenticator was dismissed or timed out: not an error to shout about. */
export function isPasskeyCancelled(error: unknown): boolean {
  const name = (error as { name?: string; cause?: { name?: string } } | null)?.name;
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  return name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError';
}
