// The profile's passkeys section against the fake API, with the browser's WebAuthn calls
// (@simplewebauthn/browser) replaced: the real ceremony runs in the e2e journey with Chromium's
// virtual authenticator.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { startSignedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import { PasskeysSection } from './PasskeysSection';

const webauthn = vi.hoisted(() => ({
  supported: true,
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => webauthn.supported,
  startRegistration: webauthn.startRegistration,
  startAuthentication: vi.fn(),
}));

const OPTIONS = {
  rp: { id: 'localhost', name: 'Vexil' },
  user: { id: 'dXNlcg', name: 'alice', displayName: 'alice' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const CREDENTIAL = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};
const laptop = { id: 3, name: 'Laptop', createdAt: Date.UTC(2026, 0, 5), lastUsedAt: null };

describe('PasskeysSection', () => {
  beforeEach(() => {
    startSignedIn();
    webauthn.supported = true;
    webauthn.startRegistration.mockReset();
  });
  const render = () => renderWithProviders(<PasskeysSection />, { route: '/account/profile' });

  it('adds a named passkey made by the browser and lists it', async () => {
    let list: unknown[] = [];
    fakeApi.on('GET', '/api/account/passkeys', () => ({ status: 200, body: list }));
    fakeApi.on('POST', '/api/account/passkeys/registeroptions', 200, OPTIONS);
    fakeApi.on('POST', '/api/account/passkeys', () => {
      list = [{ ...laptop, name: 'Work laptop' }];
      return { status: 200, body: list[0] };
    });
    webauthn.startRegistration.mockResolvedValue(CREDENTIAL);
    render();
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: ' Work laptop ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added')).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(fakeApi.requests('POST', '/api/account/passkeys')[0].body).toEqual({
      name: 'Work laptop',
      credential: CREDENTIAL,
    });
    const item = await screen.findByRole('list', { name: 'Your passkeys' });
    await within(item).findByText('Work laptop');
    expect(within(item).getByText('Never used')).toBeTruthy();
  });

  it('says so quietly when the browser prompt is dismissed', async () => {
    fakeApi.on('GET', '/api/account/passkeys', 200, []);
    fakeApi.on('POST', '/api/account/passkeys/registeroptions', 200, OPTIONS);
    webauthn.startRegistration.mockRejectedValue(
      Object.assign(new Error('dismissed'), { name: 'NotAllowedError' }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(
      await screen.findByText('No passkey was added: the request was cancelled or timed out.'),
    ).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/passkeys')).toHaveLength(0);
  });

  it('renames and deletes a passkey', async () => {
    fakeApi.on('GET', '/api/account/passkeys', 200, [laptop]);
    fakeApi.on('PUT', '/api/account/passkeys/3', 200, { ...laptop, name: 'Phone' });
    fakeApi.on('DELETE', '/api/account/passkeys/3', 200);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
    fireEvent.change(within(rename).getByLabelText('Passkey name'), { target: { value: ' ' } });
    expect(within(rename).getByText('A passkey needs a name')).toBeTruthy();
    fireEvent.change(within(rename).getByLabelText('Passkey name'), { target: { value: 'Phone' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', '/api/account/passkeys/3')[0]?.body).toEqual({
        name: 'Phone',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Laptop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this passkey?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Passkey deleted')).toBeTruthy();
    expect(fakeApi.requests('DELETE', '/api/account/passkeys/3')).toHaveLength(1);
  });

  it('tells a browser without WebAuthn that it cannot add passkeys', async () => {
    webauthn.supported = false;
    fakeApi.on('GET', '/api/account/passkeys', 200, []);
    render();
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
