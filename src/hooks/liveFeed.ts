/**
 * A paged, newest-first list that a live channel keeps current: the monitor's events and
 * submissions. Each page is read with one item more than it shows, since the API answers bare
 * arrays: that extra item only tells whether an older page exists.
 *
 * Items pushed by the hub are prepended to every cached first page whose filter they match (and
 * trimmed to the page size, as the server would page them). While `paused`, nothing moves: pushed
 * items are only counted, and resuming reads the first page again. When the channel is lost the
 * first page polls; when it comes back the list is read again, so nothing sent meanwhile is missed.
 */
import { useState } from 'react';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { REFRESH_INTERVAL } from '@/lib/queryClient';
import { useHub, type HubStatus } from '@/lib/realtime/useHub';
import { useRefetchOnReconnect } from '@/lib/realtime/useRefetchOnReconnect';

/** How many of the newest items are compared with a pushed one to drop a duplicate. */
const DUPLICATE_WINDOW = 20;

/** Hub payloads carry ISO-8601 times, REST ones epoch milliseconds. */
export function hubTime(time: number | string): number {
  const value = typeof time === 'string' ? Date.parse(time) : time;
  return Number.isFinite(value) ? value : Date.now();
}

/** A cached page (`pageSize + 1` items at most) with `item` on top, unless it is already there. */
export function prependLive<T>(list: T[] | undefined, item: T, pageSize: number): T[] | undefined {
  if (!list) return list;
  const text = JSON.stringify(item);
  if (list.slice(0, DUPLICATE_WINDOW).some((known) => JSON.stringify(known) === text)) return list;
  return [item, ...list].slice(0, pageSize + 1);
}

/** Writes a pushed item into every cached first page of the feed whose filter it matches. */
function writeLive<T, F>(
  queryClient: QueryClient,
  root: QueryKey,
  item: T,
  matches: (item: T, filter: F) => boolean,
  pageSize: number,
) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: root })) {
    const [filter, page] = query.queryKey.slice(root.length) as [F, number];
    if (page !== 0 || !matches(item, filter)) continue;
    queryClient.setQueryData<T[]>(query.queryKey, (list) => prependLive(list, item, pageSize));
  }
}

export interface LiveFeedOptions<T, M, F> {
  /** The feed's key; its pages are `[...root, filter, page]`. */
  root: QueryKey;
  filter: F;
  /** 0 for the newest page. */
  page: number;
  pageSize: number;
  fetchPage: (filter: F, skip: number, count: number) => Promise<T[]>;
  /** e.g. `/hub/monitor?game=3` */
  hubUrl: string;
  hubTarget: string;
  /** A hub message as a list item. */
  parse: (message: M) => T;
  matches: (item: T, filter: F) => boolean;
  enabled: boolean;
}

export interface LiveFeed<T> {
  rows: T[] | undefined;
  /** An older page exists. */
  hasMore: boolean;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
  hubStatus: HubStatus;
  paused: boolean;
  setPaused: (paused: boolean) => void;
  /** Items of the current filter pushed while paused. */
  missed: number;
}

export function useLiveFeed<T, M, F>(options: LiveFeedOptions<T, M, F>): LiveFeed<T> {
  const { root, filter, page, pageSize, fetchPage, matches, enabled } = options;
  const queryClient = useQueryClient();
  const [paused, setPausedState] = useState(false);
  const [missed, setMissed] = useState(0);
  // the channel came back while paused: read again on resume even if nothing was counted
  const [behind, setBehind] = useState(false);

  const hubStatus = useHub<M>({
    url: options.hubUrl,
    target: options.hubTarget,
    enabled,
    onMessage: (message) => {
      const item = options.parse(message);
      if (!paused) writeLive(queryClient, root, item, matches, pageSize);
      else if (matches(item, filter)) setMissed((count) => count + 1);
    },
  });

  const channelDown = hubStatus === 'offline' || hubStatus === 'reconnecting';
  const query = useQuery({
    queryKey: [...root, filter, page],
    queryFn: () => fetchPage(filter, page * pageSize, pageSize + 1),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: enabled && !paused && page === 0 && channelDown ? REFRESH_INTERVAL : false,
    refetchOnWindowFocus: !paused,
    refetchOnReconnect: !paused,
  });

  useRefetchOnReconnect(hubStatus, () =>
    paused ? setBehind(true) : queryClient.invalidateQueries({ queryKey: root }),
  );

  const setPaused = (next: boolean) => {
    setPausedState(next);
    if (next) return;
    if (missed > 0 || behind) void queryClient.invalidateQueries({ queryKey: root });
    setMissed(0);
    setBehind(false);
  };

  return {
    rows: query.data?.slice(0, pageSize),
    hasMore: (query.data?.length ?? 0) > pageSize,
    isPending: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
    hubStatus,
    paused,
    setPaused,
    missed,
  };
}
