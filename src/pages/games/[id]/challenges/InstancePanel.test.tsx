import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TeamChallenge } from '@/api/types';
import { TunnelSlotProvider } from '@/components/challenge/TunnelSlot';
import { fakeApi, problem } from '@/test/apiMock';
import { buildContainer } from '@/test/builders';
import { fill } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import { ChallengeDialog } from './ChallengeDialog';
import { buildScene, GAME_ID, serve, type Scene } from './testScene';

const CONTAINER = `/api/game/${GAME_ID}/container/201`;
const GUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const MINUTE = 60_000;
const HOUR_MS = 60 * MINUTE;
let scene: Scene;

function serveChallenge(overrides: Partial<TeamChallenge> = {}, context = {}) {
  scene.challenge = {
    ...scene.challenge,
    type: 'StaticContainer',
    ...overrides,
    context: { ...scene.challenge.context, ...context },
  };
  serve(scene);
}

function renderDialog(wrap = (ui: React.ReactElement) => ui, solved = false) {
  renderWithProviders(
    wrap(
      <ChallengeDialog
        gameId={GAME_ID}
        challengeId={201}
        title="Login bypass"
        solved={solved}
        practice={false}
        onAccepted={() => {}}
        onClose={() => {}}
      />,
    ),
  );
}

const panel = async () => within(await screen.findByRole('region', { name: 'Instance' }));
const toasts = () => within(screen.getByRole('region', { name: 'Notifications', hidden: true }));

describe('the instance panel', () => {
  beforeEach(() => {
    scene = buildScene();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is shown for container challenges only', async () => {
    serve(scene);
    renderDialog();
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Instance' })).toBeNull();
  });

  it('starts an instance, shows its address with a copy button and its stop time', async () => {
    serveChallenge();
    fakeApi.on('POST', CONTAINER, 200, buildContainer({ entry: '10.0.0.5:30001' }));
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDialog();
    const view = await panel();
    expect(view.getByText("Start your team's own instance of this challenge.")).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Start instance' }));
    expect(await view.findByText('10.0.0.5:30001')).toBeTruthy();
    expect(fakeApi.requests('POST', CONTAINER)).toHaveLength(1);
    expect(view.getByRole('timer').textContent).toMatch(/^Stops in 0[12]:\d\d:\d\d \(at .+\)$/);
    fireEvent.click(view.getByRole('button', { name: 'Copy the Address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('10.0.0.5:30001'));
  });

  it('extends only inside the renewal window', async () => {
    serveChallenge({}, { instanceEntry: '10.0.0.5:30001', closeTime: Date.now() + 30 * MINUTE });
    renderDialog();
    const view = await panel();
    const extend = await view.findByRole('button', { name: 'Extend' });
    expect(extend).toHaveProperty('disabled', true);
    expect(
      view.getByText('Can be extended by 120 minutes during its last 10 minutes.'),
    ).toBeTruthy();
  });

  it('extends a container about to stop', async () => {
    serveChallenge({}, { instanceEntry: '10.0.0.5:30001', closeTime: Date.now() + 5 * MINUTE });
    const later = Date.now() + 125 * MINUTE;
    fakeApi.on('POST', `${CONTAINER}/extend`, 200, buildContainer({ expectStopAt: later }));
    renderDialog();
    const view = await panel();
    expect(view.getByRole('timer').textContent).toMatch(/^Stops in 00:0[45]:/);
    fireEvent.click(view.getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(view.getByRole('timer').textContent).toMatch(/^Stops in 02:0[45]:/));
    expect(fakeApi.requests('POST', `${CONTAINER}/extend`)).toHaveLength(1);
  });

  it('stops the instance', async () => {
    serveChallenge({}, { instanceEntry: '10.0.0.5:30001', closeTime: Date.now() + HOUR_MS });
    fakeApi.on('DELETE', CONTAINER, 200);
    renderDialog();
    const view = await panel();
    fireEvent.click(await view.findByRole('button', { name: 'Stop' }));
    expect(await view.findByRole('button', { name: 'Start instance' })).toBeTruthy();
    expect(view.queryByText('10.0.0.5:30001')).toBeNull();
    expect(fakeApi.requests('DELETE', CONTAINER)).toHaveLength(1);
  });

  it('waits out the server’s "too often" refusal', async () => {
    serveChallenge();
    fakeApi.on('POST', CONTAINER, {
      status: 429,
      body: problem(429, 'Container operation too often'),
      headers: { 'Retry-After': '7' },
    });
    renderDialog();
    const view = await panel();
    fireEvent.click(view.getByRole('button', { name: 'Start instance' }));
    expect(await view.findByText(/start or stop it again in 7 seconds/)).toBeTruthy();
    expect(view.getByRole('button', { name: 'Start instance' })).toHaveProperty('disabled', true);
    // one message, not a toast besides
    expect(toasts().queryByText('Container operation too often')).toBeNull();
    expect(
      await view.findByText(/start or stop it again in 6 seconds/, {}, { timeout: 2_000 }),
    ).toBeTruthy();
  });

  it('shows the server’s refusal to start', async () => {
    serveChallenge();
    fakeApi.on(
      'POST',
      CONTAINER,
      400,
      problem(400, 'The number of team containers cannot exceed 3'),
    );
    renderDialog();
    fireEvent.click((await panel()).getByRole('button', { name: 'Start instance' }));
    expect(await toasts().findByText('The number of team containers cannot exceed 3')).toBeTruthy();
  });

  it('says when the instance has stopped by itself', async () => {
    serveChallenge({}, { instanceEntry: '10.0.0.5:30001', closeTime: Date.now() - MINUTE });
    renderDialog();
    const view = await panel();
    expect(view.getByText(/Your instance has stopped/)).toBeTruthy();
    expect(view.getByRole('button', { name: 'Start instance' })).toBeTruthy();
  });

  it('gives the proxy URL of a platform-proxy instance, and the tunnel when there is one', async () => {
    serveChallenge({}, { instanceEntry: GUID, closeTime: Date.now() + HOUR_MS });
    renderDialog((ui) => (
      <TunnelSlotProvider
        render={({ entry, proxyUrl, label }) => (
          <button type="button" data-url={proxyUrl} data-label={label}>
            Tunnel {entry}
          </button>
        )}
      >
        {ui}
      </TunnelSlotProvider>
    ));
    const view = await panel();
    const proxyUrl = `ws://${window.location.host}/api/proxy/${GUID}`;
    expect(view.getByText(proxyUrl)).toBeTruthy();
    expect(view.getByText(/Connect through the tunnel/)).toBeTruthy();
    const tunnel = view.getByRole('button', { name: `Tunnel ${GUID}` });
    expect(tunnel.getAttribute('data-url')).toBe(proxyUrl);
    expect(tunnel.getAttribute('data-label')).toBe('Login bypass');
  });

  it('without a tunnel, explains the proxy URL alone', async () => {
    serveChallenge({}, { instanceEntry: GUID, closeTime: Date.now() + HOUR_MS });
    renderDialog();
    const view = await panel();
    expect(view.getByText(/connect a WebSocket-to-TCP client/)).toBeTruthy();
    expect(view.queryByRole('button', { name: /Tunnel/ })).toBeNull();
  });

  it('stops a dynamic container once its flag is accepted', async () => {
    serveChallenge(
      { type: 'DynamicContainer' },
      { instanceEntry: '10.0.0.5:30001', closeTime: Date.now() + HOUR_MS },
    );
    fakeApi.on('POST', `/api/game/${GAME_ID}/challenges/201`, 200, 5);
    fakeApi.on('GET', `/api/game/${GAME_ID}/challenges/201/status/5`, 200, 'Accepted');
    fakeApi.on('DELETE', CONTAINER, 200);
    renderDialog();
    const view = await panel();
    await view.findByText('10.0.0.5:30001');
    fill('Flag', 'flag{dyn}');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await view.findByRole('button', { name: 'Start instance' })).toBeTruthy();
    expect(fakeApi.requests('DELETE', CONTAINER)).toHaveLength(1);
    expect(view.getByText(/Your instance has stopped/)).toBeTruthy();
  });

  it('labels the start while it runs, then keeps Stop unclickable for the server’s gap', async () => {
    serveChallenge();
    const release = fakeApi.hold(
      'POST',
      CONTAINER,
      200,
      buildContainer({ entry: '10.0.0.5:30001' }),
    );
    renderDialog();
    const view = await panel();
    fireEvent.click(view.getByRole('button', { name: 'Start instance' }));
    expect(await view.findByRole('button', { name: 'Starting…' })).toHaveProperty('disabled', true);
    release();
    const stop = await view.findByRole('button', { name: 'Stop' });
    expect(stop).toHaveProperty('disabled', true);
    expect(view.getByText(/start or stop it again in 10 seconds/)).toBeTruthy();
    fireEvent.click(stop);
    expect(fakeApi.requests('DELETE', CONTAINER)).toHaveLength(0);
  });

  it('opens a web challenge’s instance in a new tab', async () => {
    serveChallenge(
      { category: 'Web' },
      { instanceEntry: '10.0.0.5:30001', closeTime: Date.now() + HOUR_MS },
    );
    renderDialog();
    const link = (await panel()).getByRole('link', { name: 'Open in a new tab' });
    expect(link.getAttribute('href')).toBe('http://10.0.0.5:30001');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('follows a start through the server’s queue until its address shows', async () => {
    serveChallenge();
    fakeApi.on(
      'POST',
      CONTAINER,
      200,
      buildContainer({ status: 'Pending', entry: '', queuePosition: 12 }),
    );
    renderDialog();
    const view = await panel();
    fireEvent.click(view.getByRole('button', { name: 'Start instance' }));
    expect(await view.findByText('Queued: 12th in line')).toBeTruthy();
    // No countdown while the start waits: Cancel is never refused for going too fast.
    expect(view.getAllByRole('status')).toHaveLength(1);
    expect(view.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false);
    expect(view.queryByRole('button', { name: 'Start instance' })).toBeNull();

    // The panel reads the challenge again while the start waits: its place moves up…
    serveChallenge({}, { containerStart: { state: 'Queued', position: 3, reason: null } });
    expect(await view.findByText('Queued: 3rd in line')).toBeTruthy();
    serveChallenge({}, { containerStart: { state: 'Starting', position: 0, reason: null } });
    await waitFor(() => expect(view.getByRole('status').textContent).toBe('Starting…'));
    // …until it runs.
    serveChallenge(
      {},
      { containerStart: null, instanceEntry: '10.0.0.5:30001', closeTime: Date.now() + HOUR_MS },
    );
    expect(await view.findByText('10.0.0.5:30001')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(view.queryByText(/in line/)).toBeNull();
  });

  it('cancels a start that waits in the queue', async () => {
    serveChallenge({}, { containerStart: { state: 'Queued', position: 2, reason: null } });
    fakeApi.on('DELETE', CONTAINER, 200);
    renderDialog();
    const view = await panel();
    expect(await view.findByText('Queued: 2nd in line')).toBeTruthy();
    serveChallenge({}, { containerStart: null });
    fireEvent.click(view.getByRole('button', { name: 'Cancel' }));
    expect(await view.findByRole('button', { name: 'Start instance' })).toBeTruthy();
    expect(fakeApi.requests('DELETE', CONTAINER)).toHaveLength(1);
    expect(view.queryByRole('status')).toBeNull();
  });

  it('says why a start failed, and offers Start again at once', async () => {
    const reason = 'Failed to create container for challenge';
    serveChallenge({}, { containerStart: { state: 'Queued', position: 1, reason: null } });
    fakeApi.on(
      'POST',
      CONTAINER,
      200,
      buildContainer({ status: 'Pending', entry: '', queuePosition: 0 }),
    );
    renderDialog();
    const view = await panel();
    await view.findByText('Queued: 1st in line');
    serveChallenge({}, { containerStart: { state: 'Failed', position: 0, reason } });
    expect(await view.findByText(`Your instance could not be started: ${reason}`)).toBeTruthy();
    const start = view.getByRole('button', { name: 'Start instance' });
    expect(start).toHaveProperty('disabled', false);
    serveChallenge({}, { containerStart: { state: 'Starting', position: 0, reason: null } });
    fireEvent.click(start);
    await waitFor(() => expect(view.getByRole('status').textContent).toBe('Starting…'));
    expect(fakeApi.requests('POST', CONTAINER)).toHaveLength(1);
  });

  it('offers neither a new instance nor the flag box once solved', async () => {
    serveChallenge();
    renderDialog(undefined, true);
    const view = await panel();
    expect(view.getByText(/no instance is needed any more/)).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Start instance' })).toBeNull();
    expect(screen.getByText('Your team has solved this challenge.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
