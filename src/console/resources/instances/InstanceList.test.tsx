import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildGame, buildInstance } from '@/test/builders';
import { envelope, renderConsole } from '@/test/renderConsole';
import { InstanceList, REFRESH_INTERVAL_MS } from './InstanceList';

const INSTANCES = '/api/admin/instances';
const game = buildGame({ id: 7, title: 'Spring CTF' });
const renderList = () =>
  renderConsole(<InstanceList />, {
    route: '/instances',
    path: '/instances',
    resource: 'instances',
  });
const rows = () => screen.getAllByRole('row').slice(1);
const minutes = (n: number) => Date.now() + n * 60_000;

/** A running instance of a challenge of game 7. */
const instance = (overrides: Parameters<typeof buildInstance>[0] = {}) =>
  buildInstance({ game: { id: game.id, title: game.title }, ...overrides });

describe('InstanceList', () => {
  afterEach(() => vi.useRealTimers());

  it('shows each container with team, challenge, game, image, entry and expiry, soonest first', async () => {
    const later = instance({
      team: { id: 1, name: 'Blue', avatar: '/assets/abc/avatar' },
      challenge: { id: 41, title: 'Web 1', category: 'Web' },
      image: 'ctf/web1:latest',
      ip: '203.0.113.9',
      port: 31337,
      expectStopAt: minutes(90),
    });
    const sooner = instance({
      team: { id: 2, name: 'Red', avatar: null },
      challenge: { id: 42, title: 'Pwn 2', category: 'Pwn' },
      expectStopAt: minutes(30),
    });
    fakeApi.on('GET', INSTANCES, 200, envelope([later, sooner]));
    const { container } = renderList();
    expect(await screen.findByText('Blue')).toBeTruthy();
    const [first, second] = rows();
    expect(within(first).getByText('Red')).toBeTruthy();
    expect(within(second).getByText('Spring CTF')).toBeTruthy();
    expect(within(second).getByText('ctf/web1:latest')).toBeTruthy();
    expect(within(second).getByText('203.0.113.9:31337')).toBeTruthy();
    expect(within(second).getByText(/^in 1:(29|30):\d\d$/)).toBeTruthy();
    expect(within(second).getByRole('link', { name: 'Web 1' }).getAttribute('href')).toBe(
      '/games/7/challenges/41',
    );
    expect(container.querySelector('img[src="/assets/abc/avatar"]')).not.toBeNull();
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
  });

  it('colours the countdown in the renewal window and at the end', async () => {
    fakeApi.on(
      'GET',
      INSTANCES,
      200,
      envelope([
        instance({ team: { id: 1, name: 'Calm', avatar: null }, expectStopAt: minutes(60) }),
        instance({ team: { id: 2, name: 'Soon', avatar: null }, expectStopAt: minutes(5) }),
        instance({ team: { id: 3, name: 'Late', avatar: null }, expectStopAt: minutes(-1) }),
      ]),
    );
    renderList();
    await screen.findByText('Calm');
    const urgency = (team: string) =>
      within(screen.getByText(team).closest('tr')!)
        .getByText(/^in |expired/)
        .getAttribute('data-urgency');
    expect(urgency('Calm')).toBe('normal');
    expect(urgency('Soon')).toBe('warning');
    expect(urgency('Late')).toBe('critical');
    expect(within(screen.getByText('Late').closest('tr')!).getByText('expired')).toBeTruthy();
  });

  it('names no game and links nowhere when the challenge is in no known game', async () => {
    fakeApi.on(
      'GET',
      INSTANCES,
      200,
      envelope([instance({ challenge: { id: 99, title: 'Lost', category: 'Misc' }, game: null })]),
    );
    renderList();
    expect(await screen.findByText('Lost')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Lost' })).toBeNull();
  });

  it('says so when no container runs', async () => {
    fakeApi.on('GET', INSTANCES, 200, envelope([]));
    renderList();
    expect(await screen.findByText('No challenge container is running.')).toBeTruthy();
  });

  it('shows only the loading table while the list loads', async () => {
    const release = fakeApi.hold(
      'GET',
      INSTANCES,
      200,
      envelope([instance({ image: 'late/image' })]),
    );
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByText('No challenge container is running.')).toBeNull();
    release();
    expect(await screen.findByText('late/image')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', INSTANCES, 503, problem(503, 'Container back end unreachable'));
    renderList();
    expect(await screen.findByText('Container back end unreachable')).toBeTruthy();
    fakeApi.on('GET', INSTANCES, 200, envelope([instance({ image: 'back/up' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('back/up')).toBeTruthy();
  });

  it('destroys one container after a confirmation', async () => {
    const running = instance({
      team: { id: 3, name: 'Green', avatar: null },
      challenge: { id: 43, title: 'Crypto 3', category: 'Crypto' },
    });
    fakeApi.on('GET', INSTANCES, 200, envelope([running]));
    fakeApi.on('DELETE', `${INSTANCES}/${running.containerGuid}`, 200);
    renderList();
    await screen.findByText('Green');
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Destroy' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Destroy the instance of Green · Crypto 3?')).toBeTruthy();
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fakeApi.on('GET', INSTANCES, 200, envelope([]));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Instance destroyed')).toBeTruthy();
    expect(fakeApi.requests('DELETE').map((request) => request.path)).toEqual([
      `${INSTANCES}/${running.containerGuid}`,
    ]);
  });

  it("shows the server's reason when a container cannot be destroyed", async () => {
    const running = instance();
    fakeApi.on('GET', INSTANCES, 200, envelope([running]));
    fakeApi.on(
      'DELETE',
      `${INSTANCES}/${running.containerGuid}`,
      404,
      problem(404, 'Container not found'),
    );
    renderList();
    await screen.findByText(running.image);
    fireEvent.click(within(rows()[0]).getByRole('button', { name: 'Destroy' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Container not found')).toBeTruthy();
  });

  it('destroys the selected containers together', async () => {
    const all = [instance(), instance(), instance()];
    fakeApi.on('GET', INSTANCES, 200, envelope(all));
    for (const instance of all) fakeApi.on('DELETE', `${INSTANCES}/${instance.containerGuid}`, 200);
    renderList();
    await screen.findByText(all[0].image);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await screen.findByText('3 items selected');
    const bulkDestroy = screen
      .getAllByRole('button', { name: 'Destroy' })
      .find((button) => !button.closest('tbody'));
    fireEvent.click(bulkDestroy!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Destroy these 3 instances?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('DELETE')).toHaveLength(3));
    expect(
      fakeApi
        .requests('DELETE')
        .map((request) => request.path)
        .sort(),
    ).toEqual(all.map((instance) => `${INSTANCES}/${instance.containerGuid}`).sort());
  });

  it('filters by game, team or challenge text', async () => {
    fakeApi.on(
      'GET',
      INSTANCES,
      200,
      envelope([
        instance({
          team: { id: 1, name: 'Blue', avatar: null },
          challenge: { id: 51, title: 'Alpha', category: 'Web' },
        }),
        instance({
          team: { id: 2, name: 'Red', avatar: null },
          challenge: { id: 52, title: 'Beta', category: 'Web' },
          game: { id: 8, title: 'Autumn CTF' },
        }),
      ]),
    );
    renderList();
    await screen.findByText('Blue');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'beta' } });
    await waitFor(() => expect(screen.queryByText('Blue')).toBeNull());
    expect(screen.getByText('Red')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'spring' } });
    expect(await screen.findByText('Blue')).toBeTruthy();
    expect(screen.queryByText('Red')).toBeNull();
  });

  it('sorts by expiry, soonest first, and the other way round on a click', async () => {
    fakeApi.on(
      'GET',
      INSTANCES,
      200,
      envelope([
        instance({ team: { id: 1, name: 'Early', avatar: null }, expectStopAt: minutes(20) }),
        instance({ team: { id: 2, name: 'Later', avatar: null }, expectStopAt: minutes(80) }),
      ]),
    );
    renderList();
    await screen.findByText('Early');
    expect(within(rows()[0]).getByText('Early')).toBeTruthy();
    fireEvent.click(screen.getByText('Expires'));
    await waitFor(() => expect(within(rows()[0]).getByText('Later')).toBeTruthy(), {
      timeout: 5000,
    });
  });

  it(`reads the list again every ${REFRESH_INTERVAL_MS / 1000} s`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi.on('GET', INSTANCES, 200, envelope([instance({ image: 'first/image' })]));
    renderList();
    await screen.findByText('first/image');
    fakeApi.on('GET', INSTANCES, 200, envelope([instance({ image: 'second/image' })]));
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS));
    expect(await screen.findByText('second/image')).toBeTruthy();
    expect(fakeApi.requests('GET', INSTANCES)).toHaveLength(2);
  });
});
