import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { SsoSignIn } from './SsoSignIn';

const options = (providers: { id: string; name: string }[]) => ({
  providers,
  passwordSignUp: true,
});

describe('SsoSignIn', () => {
  beforeEach(() => startSignedOut());

  it('links each provider to the server start, with the page to come back to', async () => {
    fakeApi.on('GET', '/api/account/sso', 200, options([{ id: 'uni', name: 'Campus' }]));
    renderWithProviders(<SsoSignIn from="/games/2" />, { route: '/account/login' });
    const link = await screen.findByRole('link', { name: 'Sign in with Campus' });
    expect(link.getAttribute('href')).toBe('/api/account/sso/uni/start?from=%2Fgames%2F2');
  });

  it('explains a refused sign-in from ?sso_error=, an unknown code as a failure', async () => {
    fakeApi.on('GET', '/api/account/sso', 200, options([]));
    renderWithProviders(<SsoSignIn from="/" />, {
      route: '/account/login?sso_error=RegistrationClosed',
    });
    expect(await screen.findByText(/Registration is closed/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();

    renderWithProviders(<SsoSignIn from="/" />, { route: '/account/login?sso_error=<script>' });
    expect(await screen.findByText(/The sign-in with the provider failed/)).toBeTruthy();
  });
});
