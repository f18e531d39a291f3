import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TunnelSlot } from '@/components/challenge/TunnelSlot';
import { fakeApi } from '@/test/apiMock';
import { buildConfig } from '@/test/builders';
import { createFakeTunnelDaemon, type FakeTunnelDaemon } from '@/test/fakeTunnelDaemon';
import { renderWithProviders } from '@/test/renderWithProviders';
import { TunnelRoot } from './TunnelRoot';

const GUID = '6f1c2d3e-0000-4000-8000-000000000001';
const PROXY_URL = `ws://${window.location.host}/api/proxy/${GUID}`;
let daemon: FakeTunnelDaemon;

// The control is loaded on demand; load it once up front so that no test waits for the chunk.
beforeAll(() => import('./TunnelConnectButton'));
beforeEach(() => {
  fakeApi.on(
    'GET',
    '/api/config',
    200,
    buildConfig({ title: 'Example', portMapping: 'PlatformProxy' }),
  );
  daemon = createFakeTunnelDaemon();
  vi.stubGlobal('fetch', daemon.fetch);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const render = () =>
  renderWithProviders(
    <TunnelRoot>
      <TunnelSlot entry={GUID} label="Echo @ Finals" />
    </TunnelRoot>,
  );
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

describe('TunnelConnectButton', () => {
  it('says quietly that no daemon answers, then connects when asked', async () => {
    daemon.online = false;
    render();
    expect(await screen.findByText('Looking for the tunnel daemon…')).toBeTruthy();
    expect(
      await screen.findByText('No tunnel daemon answers at http://127.0.0.1:3307.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get WebSocket Reflector X' })).toBeTruthy();
    expect(notifications().textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Tunnel daemon offline')).toBeTruthy();

    daemon.online = true;
    daemon.scope = 'allowed';
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByLabelText('Local address')).toBeTruthy();
  });

  it('asks the player to accept the site in the daemon, named after the platform', async () => {
    render();
    expect(
      await screen.findByText('Allow “Example CTF” in your tunnel daemon to continue.'),
    ).toBeTruthy();
    expect(daemon.calls('POST', '/connect')[0].body).toMatchObject({ name: 'Example CTF' });
  });

  it('maps the instance to a local port, to copy or open', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    daemon.scope = 'allowed';
    render();
    const address = await screen.findByLabelText('Local address');
    expect(address.textContent).toBe('127.0.0.1:40001');
    expect(daemon.calls('POST', '/pool')[0].body).toEqual({
      remote: PROXY_URL,
      local: '127.0.0.1:0',
      label: 'Echo @ Finals',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy the local address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('127.0.0.1:40001'));
    const open = screen.getByRole('link', { name: 'Open 127.0.0.1:40001 in the browser' });
    expect(open.getAttribute('href')).toBe('http://127.0.0.1:40001');
  });

  it('reports a refused port with the daemon’s text, and retries', async () => {
    daemon.scope = 'allowed';
    daemon.poolRefusal = { status: 500, text: 'failed to bind tcp address 127.0.0.1:0' };
    render();
    expect(await screen.findByText('Could not open a local port.')).toBeTruthy();
    expect(await screen.findByText('Tunnel daemon error')).toBeTruthy();
    expect(screen.getByText('failed to bind tcp address 127.0.0.1:0')).toBeTruthy();
    daemon.poolRefusal = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByLabelText('Local address')).textContent).toBe('127.0.0.1:40001');
  });

  it('warns in orange about a daemon that is too old', async () => {
    daemon.versionStatus = 404;
    render();
    const title = await screen.findByText('Tunnel daemon too old');
    expect(title.closest('[role="alert"]')?.className).toMatch(/Warning/);
    expect(
      screen.getByText(
        'This site needs a tunnel daemon of version 0.4 or later. Please update it.',
      ),
    ).toBeTruthy();
  });

  it('takes the too-old warning back once an updated daemon connects', async () => {
    daemon.versionStatus = 404;
    daemon.scope = 'allowed';
    render();
    expect(await screen.findByText('Tunnel daemon too old')).toBeTruthy();
    daemon.versionStatus = 200;
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    expect((await screen.findByLabelText('Local address')).textContent).toMatch(/^127\.0\.0\.1:/);
    // the warning stays until closed otherwise (it does not close by itself)
    await waitFor(() => expect(screen.queryByText('Tunnel daemon too old')).toBeNull());
  });

  it('says when the daemon goes offline while in use', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    daemon.scope = 'allowed';
    render();
    await screen.findByLabelText('Local address');
    daemon.online = false;
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('Tunnel daemon went offline')).toBeTruthy();
    expect(screen.getByText('No tunnel daemon answers at http://127.0.0.1:3307.')).toBeTruthy();

    // back online and connected again: the notice goes
    daemon.online = true;
    fireEvent.click(await screen.findByRole('button', { name: 'Connect' }));
    expect((await screen.findByLabelText('Local address')).textContent).toMatch(/^127\.0\.0\.1:/);
    await waitFor(() => expect(screen.queryByText('Tunnel daemon went offline')).toBeNull());
  });
});
