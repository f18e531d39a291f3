/**
 * The local cache of the seed (§9 "Local cache is stored compressed in browser storage"): answers
 * of queries that opt in with `meta: { persist: true }` (public, small, slow-changing data) are kept
 * LZ-compressed in local storage, so a returning visitor sees the last known page at once while it
 * revalidates. "Clean cache" on the error screen clears it with the rest of local storage.
 */
import { dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { compressToUTF16, decompressFromUTF16 } from 'lz-string';

export const CACHE_KEY = 'vexil-query-cache';
/** Bump when the shape of persisted data changes. */
const CACHE_VERSION = 1;
/** Older snapshots are dropped, in ms. */
export const CACHE_MAX_AGE = 24 * 60 * 60 * 1000;
/** Writes at most this often, in ms. */
const WRITE_DELAY = 1000;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { persist?: boolean } & Record<string, unknown>;
  }
}

interface Snapshot {
  version: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

/** Restores the saved snapshot into the client; a stale, foreign or broken one is removed. */
export function restoreQueryCache(client: QueryClient, now = Date.now()): boolean {
  try {
    const stored = localStorage.getItem(CACHE_KEY);
    if (!stored) return false;
    const snapshot = JSON.parse(decompressFromUTF16(stored) ?? 'null') as Snapshot | null;
    if (
      !snapshot ||
      snapshot.version !== CACHE_VERSION ||
      !(now - snapshot.savedAt < CACHE_MAX_AGE)
    ) {
      localStorage.removeItem(CACHE_KEY);
      return false;
    }
    hydrate(client, snapshot.state);
    return true;
  } catch {
    try {
      localStorage.removeItem(CACHE_KEY);
    } catch {
      // storage unavailable
    }
    return false;
  }
}

/** Writes a snapshot of the opted-in queries now. */
export function saveQueryCache(client: QueryClient, now = Date.now()): void {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && query.meta?.persist === true,
    shouldDehydrateMutation: () => false,
  });
  const snapshot: Snapshot = { version: CACHE_VERSION, savedAt: now, state };
  try {
    localStorage.setItem(CACHE_KEY, compressToUTF16(JSON.stringify(snapshot)));
  } catch {
    // quota exceeded or storage unavailable: the cache is only an optimisation
  }
}

/** Keeps the snapshot up to date as queries change; returns the unsubscribe function. */
export function persistQueryCache(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.meta?.persist !== true) return;
    timer ??= setTimeout(() => {
      timer = undefined;
      saveQueryCache(client);
    }, WRITE_DELAY);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}
