import { formatDateTime } from '@/lib/time/format';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildChallenge, buildContainer } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ChallengeEdit } from './ChallengeEdit';

const challenge = buildChallenge({
  id: 5,
  title: 'Stack',
  type: 'DynamicContainer',
  containerImage: 'ctf/stack:1',
});
const path = '/api/edit/games/3/challenges/5';
const containerPath = `${path}/container`;
const running = buildContainer({
  entry: '10.0.0.5:30001',
  expectStopAt: Date.UTC(2027, 0, 15, 12),
});

const renderEdit = () =>
  renderConsole(<ChallengeEdit />, { route: '/games/3/challenges/5', path: ChallengeEdit.path });

describe('TestContainerPanel', () => {
  beforeEach(() => {
    fakeApi.on('GET', path, 200, challenge);
  });

  it('is hidden for attachment challenges', async () => {
    fakeApi.on('GET', path, 200, { ...challenge, type: 'StaticAttachment' });
    renderEdit();
    await screen.findByDisplayValue('Stack');
    expect(screen.queryByText('Test container')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start test container' })).toBeNull();
  });

  it('shows the running test container with its entry and stop time', async () => {
    fakeApi.on('GET', path, 200, { ...challenge, testContainer: running });
    renderEdit();
    expect(await screen.findByLabelText('Entry')).toHaveProperty('textContent', '10.0.0.5:30001');
    expect(screen.getByText('Running')).toBeTruthy();
    expect(screen.getByText(`Stops at ${formatDateTime(running.expectStopAt)}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy the entry' })).toBeTruthy();
    expect(screen.queryByText(/Platform proxy/)).toBeNull();
  });

  it('starts a test container and shows its entry', async () => {
    fakeApi.on('POST', containerPath, 200, running);
    renderEdit();
    expect(await screen.findByText('No test container is running')).toBeTruthy();
    fakeApi.on('GET', path, 200, { ...challenge, testContainer: running });
    fireEvent.click(screen.getByRole('button', { name: 'Start test container' }));
    expect(await screen.findByText('The test container was started')).toBeTruthy();
    expect(fakeApi.requests('POST', containerPath)).toHaveLength(1);
    expect((await screen.findByLabelText('Entry')).textContent).toBe('10.0.0.5:30001');
    await waitFor(() => expect(fakeApi.requests('GET', path).length).toBeGreaterThan(1));
  });

  it('gives the proxy path of a platform-proxy entry', async () => {
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    fakeApi.on('GET', path, 200, { ...challenge, testContainer: buildContainer({ entry: guid }) });
    renderEdit();
    expect((await screen.findByLabelText('Entry')).textContent).toBe(guid);
    expect(
      screen.getByText(`Platform proxy: reachable through /api/proxy/noinst/${guid}`),
    ).toBeTruthy();
  });

  it('stops the test container', async () => {
    fakeApi.on('GET', path, 200, { ...challenge, testContainer: running });
    fakeApi.on('DELETE', containerPath, 200);
    renderEdit();
    const stop = await screen.findByRole('button', { name: 'Stop' });
    fakeApi.on('GET', path, 200, challenge);
    fireEvent.click(stop);
    expect(await screen.findByText('The test container was stopped')).toBeTruthy();
    expect(fakeApi.requests('DELETE', containerPath)).toHaveLength(1);
    expect(await screen.findByText('No test container is running')).toBeTruthy();
  });

  it("shows the server's title when no container engine answers", async () => {
    fakeApi.on('POST', containerPath, 503, problem(503, 'The container engine is unavailable'));
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Start test container' }));
    expect(await screen.findByText('The container engine is unavailable')).toBeTruthy();
    expect(screen.getByText('No test container is running')).toBeTruthy();
  });

  it("shows the server's title when the image or port is missing", async () => {
    fakeApi.on('POST', containerPath, 400, problem(400, 'Container Configuration Error'));
    renderEdit();
    fireEvent.click(await screen.findByRole('button', { name: 'Start test container' }));
    expect(await screen.findByText('Container Configuration Error')).toBeTruthy();
  });
});
