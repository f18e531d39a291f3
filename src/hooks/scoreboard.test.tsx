import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UseHubOptions } from '../app/realtime/useHub';
import { fakeApi } from '../test/apiMock';
import { buildScoreboard } from '../test/builders';
import { BLOOD_REFRESH_DELAY, isBloodNotice, useScoreboard } from './scoreboard';

vi.mock('../api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/client')>()),
  api: (await import('../test/apiMock')).testApi,
}));

const hub = vi.hoisted(() => ({ last: undefined as UseHubOptions<unknown> | undefined }));
vi.mock('../app/realtime/useHub', () => ({
  useHub: (options: UseHubOptions<unknown>) => {
    hub.last = options;
    return 'live';
  },
}));

const BOARD = '/api/game/3/scoreboard';
const reads = () => fakeApi.requests('GET', BOARD).length;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useScoreboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi.reset();
    fakeApi.on('GET', BOARD, 200, buildScoreboard());
  });
  afterEach(() => vi.useRealTimers());

  it('reads the board every 10 s while the game runs, and follows its notices', async () => {
    renderHook(() => useScoreboard(3, { live: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(reads()).toBe(2));
    expect(hub.last).toMatchObject({
      url: '/hub/user?game=3',
      target: 'ReceivedGameNotice',
      enabled: true,
    });
  });

  it('reads an ended game’s board once and does not listen', async () => {
    renderHook(() => useScoreboard(3, { live: false }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads()).toBe(1);
    expect(hub.last).toMatchObject({ enabled: false });
  });

  it('reads nothing before the start', async () => {
    renderHook(() => useScoreboard(3, { enabled: false, live: false }), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads()).toBe(0);
  });

  it('reads once shortly after a burst of bloods, not on other notices', async () => {
    renderHook(() => useScoreboard(3, { live: true }), { wrapper });
    await waitFor(() => expect(reads()).toBe(1));
    act(() => hub.last!.onMessage({ type: 'NewHint' }));
    act(() => hub.last!.onMessage({ type: 'FirstBlood' }));
    act(() => hub.last!.onMessage({ type: 'SecondBlood' }));
    await act(() => vi.advanceTimersByTimeAsync(BLOOD_REFRESH_DELAY - 100));
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(reads()).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(BLOOD_REFRESH_DELAY));
    expect(reads()).toBe(2);
  });

  it('tells bloods from other notices', () => {
    expect(
      ['FirstBlood', 'SecondBlood', 'ThirdBlood'].every((type) =>
        isBloodNotice({ type: type as 'FirstBlood' }),
      ),
    ).toBe(true);
    expect(isBloodNotice({ type: 'NewChallenge' })).toBe(false);
  });
});
