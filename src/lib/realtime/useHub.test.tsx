import { act, renderHook, waitFor } from '@testing-library/react';
import type { HubConnection } from '@microsoft/signalr';
import { describe, expect, it, vi } from 'vitest';
import { useHub } from './useHub';

/** A stand-in connection: records handlers, starts when told. */
function fakeConnection() {
  const handlers = new Map<string, Set<(message: unknown) => void>>();
  const lifecycle: Record<string, () => void> = {};
  let resolveStart = () => {};
  const connection = {
    state: 'Disconnected',
    on: vi.fn((target: string, handler: (message: unknown) => void) => {
      handlers.set(target, (handlers.get(target) ?? new Set()).add(handler));
    }),
    off: vi.fn((target: string, handler: (message: unknown) => void) => {
      handlers.get(target)?.delete(handler);
    }),
    onreconnecting: (cb: () => void) => (lifecycle.reconnecting = cb),
    onreconnected: (cb: () => void) => (lifecycle.reconnected = cb),
    onclose: (cb: () => void) => (lifecycle.close = cb),
    start: vi.fn(
      () =>
        new Promise<void>((resolve) => {
          resolveStart = () => {
            connection.state = 'Connected';
            resolve();
          };
        }),
    ),
    stop: vi.fn(async () => {
      connection.state = 'Disconnected';
    }),
  };
  return {
    connection,
    asHub: connection as unknown as HubConnection,
    push: (target: string, message: unknown) =>
      handlers.get(target)?.forEach((handler) => handler(message)),
    started: () => resolveStart(),
    lifecycle,
  };
}

describe('useHub', () => {
  it('connects to the URL, reports its status and delivers messages of the target', async () => {
    const fake = fakeConnection();
    const connect = vi.fn(() => fake.asHub);
    const onMessage = vi.fn();
    const { result, unmount } = renderHook(() =>
      useHub({ url: '/hub/user?game=3', target: 'ReceivedGameNotice', onMessage, connect }),
    );
    expect(connect).toHaveBeenCalledWith('/hub/user?game=3');
    expect(result.current).toBe('connecting');
    act(() => fake.started());
    await waitFor(() => expect(result.current).toBe('live'));
    act(() => fake.push('ReceivedGameNotice', { id: 1 }));
    expect(onMessage).toHaveBeenCalledWith({ id: 1 });
    act(() => fake.lifecycle.reconnecting());
    expect(result.current).toBe('reconnecting');
    act(() => fake.lifecycle.reconnected());
    expect(result.current).toBe('live');
    unmount();
    expect(fake.connection.stop).toHaveBeenCalled();
  });

  it('stays offline while disabled', () => {
    const connect = vi.fn();
    const { result } = renderHook(() =>
      useHub({ url: '/hub/user', target: 'x', onMessage: () => {}, enabled: false, connect }),
    );
    expect(connect).not.toHaveBeenCalled();
    expect(result.current).toBe('offline');
  });

  it('shares one connection between hooks on the same URL, stopped after the last leaves', async () => {
    const fake = fakeConnection();
    const connect = vi.fn(() => fake.asHub);
    const notices = vi.fn();
    const updates = vi.fn();
    const url = '/hub/user?game=8';
    const first = renderHook(() =>
      useHub({ url, target: 'ReceivedGameNotice', onMessage: notices, connect }),
    );
    act(() => fake.started());
    await waitFor(() => expect(first.result.current).toBe('live'));
    const second = renderHook(() =>
      useHub({ url, target: 'ReceivedScoreboardUpdate', onMessage: updates, connect }),
    );
    // joins the live connection: no second socket, live at once
    expect(connect).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(second.result.current).toBe('live'));
    act(() => fake.push('ReceivedGameNotice', { id: 1 }));
    act(() => fake.push('ReceivedScoreboardUpdate', { gameId: 8, version: 2 }));
    expect(notices).toHaveBeenCalledWith({ id: 1 });
    expect(updates).toHaveBeenCalledWith({ gameId: 8, version: 2 });
    first.unmount();
    expect(fake.connection.stop).not.toHaveBeenCalled();
    act(() => fake.push('ReceivedGameNotice', { id: 2 }));
    expect(notices).toHaveBeenCalledTimes(1);
    second.unmount();
    expect(fake.connection.stop).toHaveBeenCalled();
  });
});
