// "Sign in with a passkey" against the fake API, with the browser's WebAuthn call replaced (the
// real ceremony runs in the e2e journey with Chromium's virtual authenticator).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { PasskeySignIn } from './PasskeySignIn';

const webauthn = vi.hoisted(() => ({ supported: true, startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startAuthentication: webauthn.startAuthentication,
  startRegistration: vi.fn(),
}));

const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dQ' },
};

describe('PasskeySignIn', () => {
  beforeEach(() => {
    startSignedOut();
    webauthn.supported = true;
    webauthn.startAuthentication.mockReset();
    fakeApi.on('POST', '/api/account/passkeys/signinoptions', 200, OPTIONS);
  });

  it('signs in with the passkey the browser offers, without a user name', async () => {
    fakeApi.on('POST', '/api/account/passkeys/signin', 200);
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const signedIn = vi.fn();
    renderWithProviders(<PasskeySignIn onSignedIn={signedIn} />, { route: '/account/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(fakeApi.requests('POST', '/api/account/passkeys/signin')[0].body).toEqual(ASSERTION);
  });

  it("shows the server's refusal, and a dismissed prompt as such", async () => {
    fakeApi.on(
      'POST',
      '/api/account/passkeys/signin',
      401,
      problem(401, 'This account has been banned'),
    );
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    renderWithProviders(<PasskeySignIn onSignedIn={vi.fn()} />, { route: '/account/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('This account has been banned')).toBeTruthy();

    webauthn.startAuthentication.mockRejectedValue(
      Object.assign(new Error('dismissed'), { name: 'NotAllowedError' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeTruthy();
  });

  it('is not offered where the browser cannot use passkeys', () => {
    webauthn.supported = false;
    renderWithProviders(<PasskeySignIn onSignedIn={vi.fn()} />, { route: '/account/login' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
