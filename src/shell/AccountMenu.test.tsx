import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile } from '@/test/builders';
import { renderWithProviders } from '@/test/renderWithProviders';
import { AccountMenu } from './AccountMenu';

describe('AccountMenu', () => {
  it('offers visitors to sign in and come back', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    renderWithProviders(<AccountMenu />, { route: '/games?page=2' });
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/account/login?from=%2Fgames%3Fpage%3D2');
  });

  it("shows the user's name with profile, console (admins) and sign out", async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile({ role: 'Admin' }));
    fakeApi.on('POST', '/api/account/logout', 200);
    const { location } = renderWithProviders(<AccountMenu />, { route: '/account/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu of alice' }));
    expect(screen.getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe(
      '/account/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'Admin console' }).getAttribute('href')).toBe(
      '/admin',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/'));
    expect(fakeApi.requests('POST', '/api/account/logout')).toHaveLength(1);
  });

  it('has no console entry for other roles', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile({ role: 'User' }));
    renderWithProviders(<AccountMenu />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu of alice' }));
    expect(screen.queryByRole('menuitem', { name: 'Admin console' })).toBeNull();
  });
});
