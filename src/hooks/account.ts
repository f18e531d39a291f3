/**
 * Account data hooks (`/api/account/*`) on the shared query client.
 *
 * The profile query doubles as the session state: `null` means "not signed in" (401), so pages and
 * the app bar never treat a signed-out visitor as an error. Every call that signs in, signs out or
 * changes the profile updates that one query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type {
  AccountVerifyRequest,
  LoginRequest,
  MailChange,
  PasswordChange,
  PasswordResetRequest,
  Profile,
  ProfileUpdate,
  RecoveryRequest,
  RegisterRequest,
} from '@/api/types';

export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
};

/** The signed-in user's profile, or null when nobody is signed in. */
export async function fetchProfile(): Promise<Profile | null> {
  const result = await api.GET('/api/account/profile');
  if (result.response.status === 401) return null;
  return unwrap(result);
}

export const profileQuery = queryOptions({
  queryKey: accountKeys.profile,
  queryFn: fetchProfile,
  staleTime: 30_000,
  retry: false,
});

export function useProfile() {
  return useQuery(profileQuery);
}

/** Refreshes the session after a call that may have signed someone in. */
function useRefreshProfile() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.profile });
}

export function useLogin() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (body: LoginRequest) =>
      unwrap(await api.POST('/api/account/login', { body })),
    onSuccess: refresh,
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/account/logout')),
    onSettled: () => {
      queryClient.removeQueries({ queryKey: accountKeys.all, type: 'inactive' });
      queryClient.setQueryData(accountKeys.profile, null);
    },
  });
}

export function useRegister() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (body: RegisterRequest) =>
      unwrap(await api.POST('/api/account/register', { body })),
    onSuccess: (result) => (result.data === 'LoggedIn' ? refresh() : undefined),
  });
}

export function useRecovery() {
  return useMutation({
    mutationFn: async (body: RecoveryRequest) =>
      unwrap(await api.POST('/api/account/recovery', { body })),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: async (body: PasswordResetRequest) =>
      unwrap(await api.POST('/api/account/passwordreset', { body })),
  });
}

/** Confirms a new account from its mail link; the server signs it in. */
export function useVerifyEmail() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (body: AccountVerifyRequest) =>
      unwrap(await api.POST('/api/account/verify', { body })),
    onSuccess: refresh,
  });
}

export function useConfirmMailChange() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (body: AccountVerifyRequest) =>
      unwrap(await api.POST('/api/account/mailchangeconfirm', { body })),
    onSuccess: refresh,
  });
}

export function useUpdateProfile() {
  const refresh = useRefreshProfile();
  return useMutation({
    mutationFn: async (body: ProfileUpdate) =>
      unwrap(await api.PUT('/api/account/update', { body })),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: PasswordChange) =>
      unwrap(await api.PUT('/api/account/changepassword', { body })),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (body: MailChange) =>
      unwrap(await api.PUT('/api/account/changeemail', { body })),
  });
}

/** Uploads a new avatar (multipart `file`) and returns its URL. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return unwrap(
        await api.PUT('/api/account/avatar', {
          // the generated type of a binary part is `string`; the real body is the FormData
          body: { file: file.name },
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: (avatar) => {
      queryClient.setQueryData<Profile | null>(accountKeys.profile, (profile) =>
        profile ? { ...profile, avatar } : profile,
      );
    },
  });
}
