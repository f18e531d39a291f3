import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import {
  createQueryClient,
  errorRetryDelay,
  isSlowConnection,
  loadingTimeout,
  retryUnlessRefused,
  throttledFocusListener,
} from './queryClient';
import { HttpError as ClientHttpError } from '@/api/errors';
import { HttpError as ConsoleHttpError } from 'react-admin';
import { useLoadingSlow } from './useLoadingSlow';

function setConnection(value: unknown) {
  Object.defineProperty(navigator, 'connection', { value, configurable: true });
}

describe('refresh rules', () => {
  afterEach(() => {
    setConnection(undefined);
    vi.useRealTimers();
  });

  it('dedupes for 2 s and revalidates on focus and reconnect', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(2000);
    expect(queries.refetchOnWindowFocus).toBe(true);
    expect(queries.refetchOnReconnect).toBe(true);
  });

  it('retries after 5 s, 10 s on a slow connection; loading counts as slow after 3 s / 5 s', () => {
    expect(isSlowConnection()).toBe(false);
    expect(errorRetryDelay()).toBe(5000);
    expect(loadingTimeout()).toBe(3000);
    setConnection({ effectiveType: '2g' });
    expect(isSlowConnection()).toBe(true);
    expect(errorRetryDelay()).toBe(10000);
    expect(loadingTimeout()).toBe(5000);
    setConnection({ effectiveType: '4g', saveData: true });
    expect(isSlowConnection()).toBe(true);
  });

  it('throttles focus revalidation to once per 5 s', () => {
    let time = 100_000;
    const setFocused = vi.fn();
    const stop = throttledFocusListener(() => time)(setFocused);
    window.dispatchEvent(new Event('focus'));
    time += 1000;
    window.dispatchEvent(new Event('focus'));
    expect(setFocused).toHaveBeenCalledTimes(1);
    time += 5000;
    window.dispatchEvent(new Event('focus'));
    expect(setFocused).toHaveBeenCalledTimes(2);
    stop();
    time += 10_000;
    window.dispatchEvent(new Event('focus'));
    expect(setFocused).toHaveBeenCalledTimes(2);
  });

  it('flags a load as slow after the loading timeout', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ loading }) => useLoadingSlow(loading), {
      initialProps: { loading: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(3001));
    expect(result.current).toBe(true);
    rerender({ loading: false });
    expect(result.current).toBe(false);
  });
});

describe('retryUnlessRefused', () => {
  it('retries network and server errors, time-outs and rate limits twice', () => {
    expect(retryUnlessRefused(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryUnlessRefused(1, new ClientHttpError('Bad gateway', 502))).toBe(true);
    expect(retryUnlessRefused(2, new ClientHttpError('Bad gateway', 502))).toBe(false);
    expect(retryUnlessRefused(0, new ClientHttpError('Too many requests', 429))).toBe(true);
    expect(retryUnlessRefused(0, new ClientHttpError('Request timeout', 408))).toBe(true);
  });

  it("never retries a refusal, from the shell's client or from the console's", () => {
    expect(retryUnlessRefused(0, new ClientHttpError('The game has ended', 400))).toBe(false);
    expect(retryUnlessRefused(0, new ClientHttpError('Not found', 404))).toBe(false);
    expect(retryUnlessRefused(0, new ConsoleHttpError('Forbidden', 403))).toBe(false);
  });

  it('is the default of the query client', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(retryUnlessRefused);
  });
});
