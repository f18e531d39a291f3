import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeApi } from '@/test/apiMock';
import { buildScoreboard } from '@/test/builders';
import { fakeHubs } from '@/test/fakeHub';
import { LIVE_SAFETY_INTERVAL, UPDATE_SPREAD } from './boardUpdates';
import { useScoreboard } from './scoreboard';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const BOARD = '/api/game/3/scoreboard';
const UPDATED = 1_700_000_000_000;
const reads = () => fakeApi.requests('GET', BOARD).length;
const hubUrls = () => fakeHubs.opened.map((hub) => hub.url);
const update = (version: number, gameId = 3) =>
  fakeHubs.last('/hub/user?game=3')!.push('ReceivedScoreboardUpdate', { gameId, version });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useScoreboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi.on('GET', BOARD, 200, buildScoreboard([], [], { updateTimeUtc: UPDATED }));
    fakeHubs.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('follows the board updates of a running game instead of polling every 10 s', async () => {
    renderHook(() => useScoreboard(3, { live: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    expect(hubUrls()).toEqual(['/hub/user?game=3']);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads()).toBe(1);
    // a safety read, in case an update was missed
    await act(() => vi.advanceTimersByTimeAsync(LIVE_SAFETY_INTERVAL - 30_000 + 100));
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('follows a monitor’s live board on the monitors’ hub (the players’ hub is quiet while frozen)', async () => {
    renderHook(() => useScoreboard(3, { live: true, monitor: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    expect(hubUrls()).toEqual(['/hub/monitor?game=3']);
  });

  it('reads once, soon after an update of a newer board, however many arrive', async () => {
    renderHook(() => useScoreboard(3, { live: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    update(UPDATED); // the board held: nothing to read
    update(UPDATED + 100, 4); // another game's
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(reads()).toBe(1);

    fakeApi.on('GET', BOARD, 200, buildScoreboard([], [], { updateTimeUtc: UPDATED + 500 }));
    for (let i = 1; i <= 5; i++) update(UPDATED + i * 100);
    await act(() => vi.advanceTimersByTimeAsync(2_000 + UPDATE_SPREAD));
    await waitFor(() => expect(reads()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(reads()).toBe(2);
  });

  it('reads again, a few times, while the answer is older than the announced board', async () => {
    renderHook(() => useScoreboard(3, { live: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    update(UPDATED + 100); // every answer is still UPDATED: three reads, then it gives up
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    await waitFor(() => expect(reads()).toBe(4));
    fakeApi.on('GET', BOARD, 200, buildScoreboard([], [], { updateTimeUtc: UPDATED + 200 }));
    update(UPDATED + 200); // answered at once with that board: one read
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    await waitFor(() => expect(reads()).toBe(5));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(reads()).toBe(5);
  });

  it('polls every 10 s while the hub is down', async () => {
    renderHook(() => useScoreboard(3, { live: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    fakeHubs.last('/hub/user?game=3')!.drop();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('reads an ended game’s board once and does not listen', async () => {
    renderHook(() => useScoreboard(3, { live: false }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(reads()).toBe(1);
    expect(hubUrls()).toEqual([]);
  });

  it('reads nothing before the start', async () => {
    renderHook(() => useScoreboard(3, { enabled: false, live: false }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads()).toBe(0);
  });
});
