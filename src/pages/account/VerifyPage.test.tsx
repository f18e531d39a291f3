import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile } from '@/test/builders';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import VerifyPage from './VerifyPage';

const link = '/account/verify?token=t0k+en%2F%3D&email=YWxpY2VAZXhhbXBsZS5jb20%3D';

describe('VerifyPage', () => {
  beforeEach(() => startSignedOut());

  it('confirms the account once (even in StrictMode), as soon as it opens, and shows the user signed in', async () => {
    fakeApi.on('POST', '/api/account/verify', () => {
      fakeApi.on('GET', '/api/account/profile', 200, buildProfile());
      return { status: 200 };
    });
    renderWithProviders(
      <StrictMode>
        <VerifyPage />
      </StrictMode>,
      { route: link },
    );
    expect(screen.getByText('Confirming your email…')).toBeTruthy();
    expect(await screen.findByText('Email confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
    const calls = fakeApi.requests('POST', '/api/account/verify');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ token: 't0k+en/=', email: 'YWxpY2VAZXhhbXBsZS5jb20=' });
  });

  it('shows why the link did not work', async () => {
    fakeApi.on('POST', '/api/account/verify', 401, problem(401, 'The token has expired'));
    renderWithProviders(<VerifyPage />, { route: link });
    expect(await screen.findByText('The token has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('does nothing with an incomplete link', async () => {
    renderWithProviders(<VerifyPage />, { route: '/account/verify?email=x' });
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/verify')).toHaveLength(0);
  });
});
