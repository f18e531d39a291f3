/**
 * react-admin's authProvider over the account endpoints, sharing the shell's session: the profile
 * query on the one QueryClient. Signing in happens on the shell's page (`loginPage={false}`).
 *
 * login          → not used: the console sends visitors to /account/login?from=/admin/…
 * checkAuth      → GET /api/account/profile (cached); signed out → that sign-in page
 * checkError     → 401 → the sign-in page; other errors keep the session
 * logout         → POST /api/account/logout (skipped when already signed out)
 * getIdentity    → the profile (id, user name, avatar)
 * getPermissions → the role
 * canAccess      → role Admin (the console is for administrators only)
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import { api } from '@/api/client';
import type { Profile } from '@/api/types';
import { loginPath } from '@/lib/paths';
import { statusOf } from '@/lib/notifications/describeError';
import { accountKeys, profileQuery } from '@/hooks/account';

const currentPath = () => window.location.pathname + window.location.search;

export function createAuthProvider(
  queryClient: QueryClient,
  path: () => string = currentPath,
): AuthProvider {
  const profile = () => queryClient.fetchQuery(profileQuery);
  /** Rejection that sends the user to sign in, without react-admin's own notification. */
  const toSignIn = () => ({ redirectTo: loginPath(path()), message: false });

  return {
    login: async () => undefined,
    async checkAuth() {
      if (!(await profile())) throw toSignIn();
    },
    async checkError(error) {
      if (statusOf(error) !== 401) return;
      queryClient.setQueryData(accountKeys.profile, null);
      throw toSignIn();
    },
    async logout() {
      const signedIn = queryClient.getQueryData<Profile | null>(accountKeys.profile);
      if (signedIn) await api.POST('/api/account/logout').catch(() => undefined);
      queryClient.setQueryData(accountKeys.profile, null);
      return loginPath(path());
    },
    async getIdentity() {
      const user = await profile();
      if (!user) throw toSignIn();
      return { id: user.userId, fullName: user.userName ?? '', avatar: user.avatar ?? undefined };
    },
    async getPermissions() {
      return (await profile())?.role;
    },
    async canAccess() {
      return (await profile())?.role === 'Admin';
    },
  };
}
