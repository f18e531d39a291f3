import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHubs } from '@/test/fakeHub';
import { useHub } from './useHub';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

describe('useHub', () => {
  beforeEach(() => fakeHubs.reset());

  it('connects to the URL, reports its status and delivers messages of the target', async () => {
    const started = fakeHubs.holdStarts();
    const onMessage = vi.fn();
    const { result, unmount } = renderHook(() =>
      useHub({ url: '/hub/user?game=3', target: 'ReceivedGameNotice', onMessage }),
    );
    const hub = fakeHubs.last('/hub/user?game=3')!;
    expect(hub.starts).toBe(1);
    expect(result.current).toBe('connecting');
    started();
    await waitFor(() => expect(result.current).toBe('live'));
    hub.push('ReceivedGameNotice', { id: 1 });
    expect(onMessage).toHaveBeenCalledWith({ id: 1 });
    hub.drop();
    expect(result.current).toBe('reconnecting');
    hub.regain();
    expect(result.current).toBe('live');
    unmount();
    expect(hub.stops).toBe(1);
  });

  it('stays offline while disabled', () => {
    const { result } = renderHook(() =>
      useHub({ url: '/hub/user', target: 'x', onMessage: () => {}, enabled: false }),
    );
    expect(fakeHubs.opened).toHaveLength(0);
    expect(result.current).toBe('offline');
  });

  it('shares one connection between hooks on the same URL, stopped after the last leaves', async () => {
    const started = fakeHubs.holdStarts();
    const notices = vi.fn();
    const updates = vi.fn();
    const url = '/hub/user?game=8';
    const first = renderHook(() =>
      useHub({ url, target: 'ReceivedGameNotice', onMessage: notices }),
    );
    started();
    await waitFor(() => expect(first.result.current).toBe('live'));
    const second = renderHook(() =>
      useHub({ url, target: 'ReceivedScoreboardUpdate', onMessage: updates }),
    );
    // joins the live connection: no second socket, live at once
    expect(fakeHubs.opened).toHaveLength(1);
    await waitFor(() => expect(second.result.current).toBe('live'));
    const hub = fakeHubs.last(url)!;
    hub.push('ReceivedGameNotice', { id: 1 });
    hub.push('ReceivedScoreboardUpdate', { gameId: 8, version: 2 });
    expect(notices).toHaveBeenCalledWith({ id: 1 });
    expect(updates).toHaveBeenCalledWith({ gameId: 8, version: 2 });
    first.unmount();
    expect(hub.stops).toBe(0);
    hub.push('ReceivedGameNotice', { id: 2 });
    expect(notices).toHaveBeenCalledTimes(1);
    second.unmount();
    expect(hub.stops).toBe(1);
  });
});
