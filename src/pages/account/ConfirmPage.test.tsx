import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile } from '@/test/builders';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import ConfirmPage from './ConfirmPage';

const link = '/account/confirm?token=abc%2B&email=bmV3QGV4YW1wbGUuY29t';

describe('ConfirmPage', () => {
  beforeEach(() => startSignedOut());

  it('sends visitors to sign in first, then back to the link', async () => {
    const { location } = renderWithProviders(<ConfirmPage />, { route: link });
    await waitFor(() => expect(location()).toBe(`/account/login?from=${encodeURIComponent(link)}`));
    expect(fakeApi.requests('POST', '/api/account/mailchangeconfirm')).toHaveLength(0);
  });

  it('confirms the new address of a signed-in user', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile());
    fakeApi.on('POST', '/api/account/mailchangeconfirm', 200);
    renderWithProviders(<ConfirmPage />, { route: link });
    expect(await screen.findByText('Email changed')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/mailchangeconfirm')[0].body).toEqual({
      token: 'abc+',
      email: 'bmV3QGV4YW1wbGUuY29t',
    });
  });

  it('shows a rejected token', async () => {
    fakeApi.on('GET', '/api/account/profile', 200, buildProfile());
    fakeApi.on('POST', '/api/account/mailchangeconfirm', 400, problem(400, 'Invalid token'));
    renderWithProviders(<ConfirmPage />, { route: link });
    expect(await screen.findByText('Invalid token')).toBeTruthy();
    expect(screen.getByText('The link did not work')).toBeTruthy();
  });
});
