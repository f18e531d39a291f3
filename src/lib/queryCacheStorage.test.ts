import { QueryClient } from '@tanstack/react-query';
import { decompressFromUTF16 } from 'lz-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_KEY,
  CACHE_MAX_AGE,
  persistQueryCache,
  restoreQueryCache,
  saveQueryCache,
} from './queryCacheStorage';

async function seeded() {
  const client = new QueryClient();
  await client.fetchQuery({
    queryKey: ['posts', 'latest'],
    queryFn: async () => [{ id: 1, title: 'Hello' }],
    meta: { persist: true },
  });
  await client.fetchQuery({
    queryKey: ['account', 'profile'],
    queryFn: async () => ({ secret: 1 }),
  });
  return client;
}

describe('local query cache', () => {
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it('stores only opted-in queries, compressed', async () => {
    saveQueryCache(await seeded());
    const stored = localStorage.getItem(CACHE_KEY)!;
    expect(stored).not.toContain('Hello');
    const text = decompressFromUTF16(stored)!;
    expect(text).toContain('Hello');
    expect(text).not.toContain('secret');
  });

  it('restores a fresh snapshot into a new client', async () => {
    saveQueryCache(await seeded());
    const next = new QueryClient();
    expect(restoreQueryCache(next)).toBe(true);
    expect(next.getQueryData(['posts', 'latest'])).toEqual([{ id: 1, title: 'Hello' }]);
    expect(next.getQueryData(['account', 'profile'])).toBeUndefined();
  });

  it('drops a snapshot that is too old or unreadable', async () => {
    saveQueryCache(await seeded(), Date.now() - CACHE_MAX_AGE - 1);
    expect(restoreQueryCache(new QueryClient())).toBe(false);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    localStorage.setItem(CACHE_KEY, 'garbage');
    expect(restoreQueryCache(new QueryClient())).toBe(false);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
  });

  it('saves shortly after an opted-in query changes', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const stop = persistQueryCache(client);
    client.setQueryData(['games'], [{ id: 7 }]);
    client
      .getQueryCache()
      .find({ queryKey: ['games'] })!
      .setOptions({
        queryKey: ['games'],
        meta: { persist: true },
      });
    client.setQueryData(['games'], [{ id: 8 }]);
    expect(localStorage.getItem(CACHE_KEY)).toBeNull();
    vi.advanceTimersByTime(1100);
    expect(decompressFromUTF16(localStorage.getItem(CACHE_KEY)!)).toContain('"id":8');
    stop();
  });
});
