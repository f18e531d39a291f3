import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TunnelSlot } from '@/components/challenge/TunnelSlot';
import { fakeApi } from '@/test/apiMock';
import { buildConfig } from '@/test/builders';
import { createFakeTunnelDaemon, type FakeTunnelDaemon } from '@/test/fakeTunnelDaemon';
import { fill } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import { TUNNEL_OPTIONS_KEY } from './options';
import { TunnelRoot } from './TunnelRoot';

const GUID = '6f1c2d3e-0000-4000-8000-000000000001';
let daemon: FakeTunnelDaemon;

beforeAll(() => import('./TunnelConnectButton'));
beforeEach(() => {
  fakeApi.on('GET', '/api/config', 200, buildConfig({ title: 'Example' }));
  daemon = createFakeTunnelDaemon();
  daemon.scope = 'allowed';
  vi.stubGlobal('fetch', daemon.fetch);
});
afterEach(() => vi.unstubAllGlobals());

async function openSettings() {
  renderWithProviders(
    <TunnelRoot>
      <TunnelSlot entry={GUID} />
    </TunnelRoot>,
  );
  await screen.findByLabelText('Local address');
  fireEvent.click(screen.getByRole('button', { name: 'Tunnel settings' }));
  return within(await screen.findByRole('dialog', { name: 'Tunnel settings' }));
}

describe('TunnelSettings', () => {
  it('shows the state of the daemon and the current options', async () => {
    const dialog = await openSettings();
    expect(dialog.getByText('Connected')).toBeTruthy();
    expect(dialog.getByText('Daemon version 0.5.0')).toBeTruthy();
    expect(dialog.getByLabelText(/^Daemon address/)).toHaveProperty(
      'value',
      'http://127.0.0.1:3307',
    );
    expect(dialog.getByLabelText('Site name')).toHaveProperty('placeholder', 'Example CTF');
    expect(
      dialog.getByRole('switch', { name: 'Allow access from the local network' }),
    ).toHaveProperty('checked', false);
  });

  it('refuses an address that is not http(s)', async () => {
    const dialog = await openSettings();
    fill('Daemon address', 'ftp://127.0.0.1');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Enter an http:// or https:// address')).toBeTruthy();
    expect(localStorage.getItem(TUNNEL_OPTIONS_KEY)).toBeNull();
  });

  it('saves the options, then talks to the new address and listens on the local network', async () => {
    const dialog = await openSettings();
    fill('Daemon address', ' http://127.0.0.1:4000 ');
    fill('Site name', 'Team laptop');
    fireEvent.click(dialog.getByRole('switch', { name: 'Allow access from the local network' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem(TUNNEL_OPTIONS_KEY) ?? '')).toEqual({
      api: 'http://127.0.0.1:4000',
      name: 'Team laptop',
      allowLan: true,
    });
    expect(
      await screen.findByText(/Also reachable from your local network on port 40002/),
    ).toBeTruthy();
    expect(screen.getByLabelText('Local address').textContent).toBe('127.0.0.1:40002');
    const lastAdd = daemon.calls('POST', '/pool').at(-1);
    expect(lastAdd?.url).toBe('http://127.0.0.1:4000/pool');
    expect(lastAdd?.body).toMatchObject({ local: '0.0.0.0:0' });
  });

  it('keeps the options on cancel, and reconnects on demand', async () => {
    const dialog = await openSettings();
    fill('Site name', 'Changed');
    fireEvent.click(dialog.getByRole('button', { name: 'Reconnect' }));
    await waitFor(() => expect(daemon.calls('GET', '/version')).toHaveLength(2));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(TUNNEL_OPTIONS_KEY)).toBeNull();
  });
});
