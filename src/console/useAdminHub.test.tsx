import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { fakeHubs } from '@/test/fakeHub';
import { retryDelay } from '@/lib/realtime/hubLink';
import { ADMIN_HUB_PATH, RECEIVED_LOG } from './adminHubConnection';
import { fromHubLog, useAdminHub, type AdminHubHandlers } from './useAdminHub';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const hubLine = {
  time: '2027-01-15T08:00:00.000+00:00',
  name: 'alice',
  level: 'Warning',
  ip: '10.0.0.1',
  msg: 'Flag rejected',
  status: 'Failed',
};

function renderHub(handlers: Partial<AdminHubHandlers> = {}) {
  const onLog = vi.fn();
  const onReconnected = vi.fn();
  const view = renderHook(() => useAdminHub({ onLog, onReconnected, ...handlers }));
  return { ...view, onLog, onReconnected };
}

const connection = () => fakeHubs.last(ADMIN_HUB_PATH)!;

describe('useAdminHub', () => {
  beforeEach(() => fakeHubs.reset());
  afterEach(() => vi.useRealTimers());

  it('connects when mounted and disconnects when unmounted', async () => {
    const { result, unmount } = renderHub();
    expect(result.current).toBe('connecting');
    await waitFor(() => expect(result.current).toBe('live'));
    expect(connection().starts).toBe(1);
    unmount();
    expect(connection().stops).toBe(1);
  });

  it('hands each pushed log entry over with its ISO time as milliseconds', async () => {
    const { result, onLog } = renderHub();
    await waitFor(() => expect(result.current).toBe('live'));
    connection().push(RECEIVED_LOG, hubLine);
    connection().push(RECEIVED_LOG, { msg: 'no time' });
    expect(onLog).toHaveBeenCalledTimes(1);
    expect(onLog).toHaveBeenCalledWith({ ...hubLine, time: Date.UTC(2027, 0, 15, 8) });
  });

  it('shows a lost connection and asks to fill the gap once it is back', async () => {
    const { result, onReconnected } = renderHub();
    await waitFor(() => expect(result.current).toBe('live'));
    connection().drop();
    expect(result.current).toBe('reconnecting');
    expect(onReconnected).not.toHaveBeenCalled();
    connection().regain();
    expect(result.current).toBe('live');
    expect(onReconnected).toHaveBeenCalledTimes(1);
  });

  it('tries a failed start again later', async () => {
    vi.useFakeTimers();
    const failing = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockResolvedValue(undefined);
    fakeHubs.onBuild = (opened) => (opened.startWith = failing);
    const { result } = renderHook(() => useAdminHub({ onLog: vi.fn() }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe('offline');
    await act(() => vi.advanceTimersByTimeAsync(retryDelay(0)));
    expect(result.current).toBe('live');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('starts again when the server closed the connection', async () => {
    vi.useFakeTimers();
    const { result } = renderHub();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe('live');
    await act(() => connection().stop());
    expect(result.current).toBe('offline');
    await act(() => vi.advanceTimersByTimeAsync(retryDelay(0)));
    expect(result.current).toBe('live');
    expect(connection().starts).toBe(2);
  });

  it('closes a connection still starting when unmounted, and never reports it live', async () => {
    const started = fakeHubs.holdStarts();
    const { unmount } = renderHub();
    expect(connection().starts).toBe(1);
    unmount();
    expect(connection().stops).toBe(1);
    started();
    expect(connection().starts).toBe(1);
  });
});

describe('fromHubLog', () => {
  it('accepts epoch milliseconds too, and refuses what is no entry', () => {
    expect(fromHubLog({ ...hubLine, time: 5 })?.time).toBe(5);
    expect(fromHubLog(null)).toBeUndefined();
    expect(fromHubLog({ ...hubLine, time: 'yesterday' })).toBeUndefined();
  });
});
