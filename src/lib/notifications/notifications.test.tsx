import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HttpError } from '@/api/errors';
import { NOTIFICATION_Z_INDEX } from '@/lib/theme';
import { describeError, errorMessageOf } from './describeError';
import { NotificationProvider, useNotify, type NotificationApi } from '.';

describe('describeError (seed §8)', () => {
  it("prefers the response body's title, then the error's own message", () => {
    expect(errorMessageOf(new HttpError('Bad Request', 400, { title: 'Name taken' }))).toBe(
      'Name taken',
    );
    expect(errorMessageOf(new HttpError('Bad Gateway', 502, '<html>'))).toBe('Bad Gateway');
    expect(errorMessageOf(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessageOf('plain text')).toBe('plain text');
    expect(errorMessageOf({})).toBeUndefined();
  });

  it('titles 429 "try later" and everything else "encountered"', () => {
    expect(describeError(new HttpError('x', 429, { title: 'Slow down' }))).toEqual({
      titleKey: 'common.error.try_later',
      message: 'Slow down',
      status: 429,
    });
    expect(describeError(new Error('boom')).titleKey).toBe('common.error.encountered');
  });
});

function Harness({ onReady }: { onReady: (api: NotificationApi) => void }) {
  onReady(useNotify());
  return null;
}

function renderProvider() {
  let api!: NotificationApi;
  render(
    <NotificationProvider>
      <Harness onReady={(value) => (api = value)} />
    </NotificationProvider>,
  );
  return () => api;
}

describe('NotificationProvider', () => {
  it('stacks notifications above everything and closes them', () => {
    const notify = renderProvider();
    act(() => {
      notify().show({ color: 'success', message: 'Saved' });
      notify().show({ color: 'info', title: 'Heads up', message: 'Second' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(getComputedStyle(region).zIndex).toBe(String(NOTIFICATION_Z_INDEX));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    fireEvent.click(screen.getAllByTitle('Close')[0]);
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('closes by itself unless told to stay, and replaces a notice with the same id', () => {
    vi.useFakeTimers();
    try {
      const notify = renderProvider();
      act(() => {
        notify().show({ id: 'dl', loading: true, color: 'warning', message: 'Downloading' });
        notify().show({ message: 'Goes away' });
        notify().show({ color: 'error', message: 'Stays', autoClose: false });
      });
      act(() => notify().update('dl', { color: 'success', message: 'Downloaded' }));
      expect(screen.queryByText('Downloading')).toBeNull();
      act(() => vi.advanceTimersByTime(10_000));
      expect(screen.queryByText('Goes away')).toBeNull();
      expect(screen.queryByText('Downloaded')).toBeNull();
      expect(screen.getByText('Stays')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows request errors per the catalogue', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notify = renderProvider();
    act(() => {
      notify().error(new HttpError('x', 429, { title: 'Retry in 30 s' }));
      notify().error(new HttpError('', 500, {}));
    });
    const [limited, failed] = screen.getAllByRole('alert');
    expect(limited.textContent).toBe('Too many requests, please try again laterRetry in 30 s');
    expect(failed.textContent).toBe('An error was encounteredUnknown error');
    expect(console.warn).toHaveBeenCalledTimes(1);
  });
});
