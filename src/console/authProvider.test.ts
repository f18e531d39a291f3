import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile } from '@/test/builders';
import { HttpError } from '@/api/errors';
import { accountKeys } from '@/hooks/account';
import { createAuthProvider } from './authProvider';

const here = () => '/admin/users?page=2';
const toLogin = { redirectTo: '/account/login?from=%2Fadmin%2Fusers%3Fpage%3D2', message: false };

function setup() {
  const queryClient = new QueryClient();
  return { queryClient, auth: createAuthProvider(queryClient, here) };
}

describe('authProvider', () => {
  it('checkAuth passes a signed-in user, with the role as permissions', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile({ role: 'Admin' }));
    const { auth } = setup();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await expect(auth.getPermissions?.({})).resolves.toBe('Admin');
    await expect(auth.canAccess?.({ resource: 'users', action: 'list' })).resolves.toBe(true);
    await expect(auth.getIdentity?.()).resolves.toEqual({
      id: buildProfile().userId,
      fullName: 'alice',
      avatar: undefined,
    });
    expect(fakeApi.requests('GET', '/api/account/profile')).toHaveLength(1); // cached
  });

  it('checkAuth sends visitors to the shell sign-in page with ?from=', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    const { auth } = setup();
    await expect(auth.checkAuth({})).rejects.toEqual(toLogin);
  });

  it('denies the console to roles below Admin', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile({ role: 'Monitor' }));
    const { auth } = setup();
    await expect(auth.canAccess?.({ resource: 'users', action: 'list' })).resolves.toBe(false);
  });

  it('checkError signs out on 401 only', async () => {
    const { auth, queryClient } = setup();
    queryClient.setQueryData(accountKeys.profile, buildProfile());
    await expect(auth.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Expired', 401))).rejects.toEqual(toLogin);
    expect(queryClient.getQueryData(accountKeys.profile)).toBeNull();
  });

  it('logout POSTs /api/account/logout when signed in, and not when already signed out', async () => {
    fakeApi.on('POST', '/api/account/logout', 200);
    const { auth, queryClient } = setup();
    queryClient.setQueryData(accountKeys.profile, buildProfile());
    await expect(auth.logout({})).resolves.toBe(toLogin.redirectTo);
    expect(queryClient.getQueryData(accountKeys.profile)).toBeNull();
    await auth.logout({});
    expect(fakeApi.requests('POST', '/api/account/logout')).toHaveLength(1);
  });
});
