import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile } from '@/test/builders';
import { renderWithProviders } from '@/test/renderWithProviders';
import { App, AppRoutes } from './App';

describe('AppRoutes', () => {
  beforeEach(() => {
    fakeApi.on('GET', '/api/config', 501, problem(501, 'Not implemented yet'));
  });

  it('shows the not-found page for an unknown path', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    expect(await screen.findByText('There is nothing at /no/such/page.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('opens account pages case-insensitively', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    fakeApi.on('GET', '/api/captcha', 200, { type: 'None', siteKey: '' });
    renderWithProviders(<AppRoutes />, { route: '/Account/LOGIN' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends visitors from the console to the sign-in page and back', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    fakeApi.on('GET', '/api/captcha', 200, { type: 'None', siteKey: '' });
    const { location } = renderWithProviders(<AppRoutes />, { route: '/admin/users' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(location()).toBe('/account/login?from=%2Fadmin%2Fusers');
  });

  it('shows "access denied" to signed-in users who are not administrators', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile({ role: 'Monitor' }));
    renderWithProviders(<AppRoutes />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('loads the console under /admin for administrators, case-insensitively', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile({ role: 'Admin' }));
    fakeApi.on('GET', '/api/admin/overview', 200, { time: 0, errorsLastHour: 0, games: [] });
    renderWithProviders(<AppRoutes />, { route: '/ADMIN' });
    expect(await screen.findByText('No game is running', {}, { timeout: 10_000 })).toBeTruthy();
  }, 20_000);

  it('renders a page through the app’s own (data) router', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByText('There is nothing at /no/such/page.')).toBeTruthy();
    window.history.pushState({}, '', '/');
  });
});
