import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { REFRESH_INTERVAL } from '@/lib/queryClient';
import { fakeApi } from '@/test/apiMock';
import { buildGameDetail } from '@/test/builders';
import { canJoin, gamePhase, isPlayable, shouldPollGame, useGame } from './games';

const start = 1_800_000_000_000;
const end = start + 3_600_000;
const game = (overrides: Parameters<typeof buildGameDetail>[0] = {}) =>
  buildGameDetail({ start, end, ...overrides });

describe('game rules of the player pages', () => {
  it('tells the phase from the clock, start and end included in the running phase', () => {
    expect(gamePhase({ start, end }, start - 1)).toBe('upcoming');
    expect(gamePhase({ start, end }, start)).toBe('running');
    expect(gamePhase({ start, end }, end)).toBe('running');
    expect(gamePhase({ start, end }, end + 1)).toBe('ended');
  });

  it('keeps an ended game playable and open to registrations only in practice mode', () => {
    expect(isPlayable(game(), start - 1)).toBe(false);
    expect(isPlayable(game(), start + 1)).toBe(true);
    expect(isPlayable(game({ practiceMode: true }), end + 1)).toBe(true);
    expect(isPlayable(game({ practiceMode: false }), end + 1)).toBe(false);
    expect(canJoin(game({ practiceMode: false }), start - 1)).toBe(true);
    expect(canJoin(game({ practiceMode: false }), end + 1)).toBe(false);
    expect(canJoin(game({ practiceMode: true }), end + 1)).toBe(true);
  });

  it('polls while the game runs or the registration waits for review', () => {
    expect(shouldPollGame(undefined)).toBe(false);
    expect(shouldPollGame(game(), start - 1)).toBe(false);
    expect(shouldPollGame(game(), start + 1)).toBe(true);
    expect(shouldPollGame(game({ status: 'Pending' }), start - 1)).toBe(true);
    expect(shouldPollGame(game({ status: 'Accepted' }), end + 1)).toBe(false);
  });
});

describe('useGame', () => {
  afterEach(() => vi.useRealTimers());

  const renderUseGame = () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(() => useGame(7), { wrapper });
  };
  const reads = () => fakeApi.requests('GET', '/api/game/7').length;

  it('reads the game again every 10 s while the registration waits for review', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    fakeApi.on(
      'GET',
      '/api/game/7',
      200,
      game({ id: 7, status: 'Pending', start: now + 9 * 3_600_000, end: now + 10 * 3_600_000 }),
    );
    const { result } = renderUseGame();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL);
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('stays quiet before the start, then reads the game when it starts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = Date.now();
    fakeApi.on(
      'GET',
      '/api/game/7',
      200,
      game({ id: 7, start: now + 60_000, end: now + 3_600_000 }),
    );
    const { result } = renderUseGame();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await vi.advanceTimersByTimeAsync(3 * REFRESH_INTERVAL);
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000 - 3 * REFRESH_INTERVAL + 100);
    await waitFor(() => expect(reads()).toBe(2));
    // running now: polling
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL);
    await waitFor(() => expect(reads()).toBe(3));
  });
});
