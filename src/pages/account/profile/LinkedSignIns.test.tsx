import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { startSignedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { LinkedSignIns } from './LinkedSignIns';

const providers = [
  { id: 'uni', name: 'Campus' },
  { id: 'github', name: 'GitHub' },
];
const link = {
  provider: 'uni',
  providerName: 'Campus',
  email: 'ada@campus.example',
  linkedAt: Date.UTC(2026, 0, 15, 8),
  lastUsedAt: null,
};

describe('LinkedSignIns', () => {
  beforeEach(() => {
    startSignedIn();
    fakeApi.on('GET', '/api/account/sso', 200, { providers, passwordSignUp: true });
  });

  it('offers to link the providers not linked yet, through the server in link mode', async () => {
    fakeApi.on('GET', '/api/account/sso/links', 200, [link]);
    renderWithProviders(<LinkedSignIns />, { route: '/account/profile?sso_linked=uni' });
    expect(await screen.findByText('Campus is now linked to your account.')).toBeTruthy();
    expect(await screen.findByText(/Linked as ada@campus\.example/)).toBeTruthy();
    const linkGitHub = screen.getByRole('link', { name: 'Link' });
    expect(linkGitHub.getAttribute('href')).toBe(
      '/api/account/sso/github/start?from=%2Faccount%2Fprofile&mode=link',
    );
  });

  it("shows the server's refusal to unlink the only way to sign in", async () => {
    fakeApi.on('GET', '/api/account/sso/links', 200, [link]);
    fakeApi.on(
      'DELETE',
      '/api/account/sso/links/uni',
      400,
      problem(400, 'This is the only way to sign in to this account'),
    );
    renderWithProviders(<LinkedSignIns />, { route: '/account/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText(/only way to sign in/)).toBeTruthy();
    await waitFor(() =>
      expect(fakeApi.requests('DELETE', '/api/account/sso/links/uni')).toHaveLength(1),
    );
  });
});
