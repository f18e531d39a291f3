/**
 * The rules of the live log, as pure functions: what the hub pushed is kept newest first (a
 * bounded buffer; held back while paused), and shown on top of the first page when it matches the
 * level filter and is not already in the page.
 */
import type { LogLevelFilter, LogMessage } from '@/api/types';
import { contentKey, matchesLevel, withLogIds, type LogRecord } from '@/console/data/logRoutes';

/** Pushed entries kept in memory (the newest). */
export const LIVE_BUFFER_SIZE = 500;

export interface LiveLogState {
  /** Entries to show, newest first. */
  shown: LogMessage[];
  /** Entries received while paused, newest first: shown on resume. */
  held: LogMessage[];
  paused: boolean;
}

export type LiveLogAction =
  { type: 'received'; entry: LogMessage } | { type: 'pause' } | { type: 'resume' };

export const initialLiveLog: LiveLogState = { shown: [], held: [], paused: false };

const bounded = (entries: LogMessage[]) => entries.slice(0, LIVE_BUFFER_SIZE);

export function liveLogReducer(state: LiveLogState, action: LiveLogAction): LiveLogState {
  switch (action.type) {
    case 'received':
      return state.paused
        ? { ...state, held: bounded([action.entry, ...state.held]) }
        : { ...state, shown: bounded([action.entry, ...state.shown]) };
    case 'pause':
      return { ...state, paused: true };
    case 'resume':
      return { shown: bounded([...state.held, ...state.shown]), held: [], paused: false };
  }
}

/** The pushed entries of `level` that `page` does not hold (each page entry stands for one). */
export function unseenEntries(
  live: LogMessage[],
  page: LogMessage[],
  level: LogLevelFilter,
): LogMessage[] {
  const inPage = new Map<string, number>();
  for (const entry of page) {
    const key = contentKey(entry);
    inPage.set(key, (inPage.get(key) ?? 0) + 1);
  }
  return live.filter((entry) => {
    if (!matchesLevel(entry, level)) return false;
    const key = contentKey(entry);
    const copies = inPage.get(key) ?? 0;
    if (copies === 0) return true;
    inPage.set(key, copies - 1);
    return false;
  });
}

/** The first page with the unseen pushed entries on top, newest first, cut to the page size. */
export function mergeLive(
  live: LogMessage[],
  page: LogRecord[],
  { level, perPage }: { level: LogLevelFilter; perPage: number },
): LogRecord[] {
  const unseen = unseenEntries(live, page, level);
  if (unseen.length === 0) return page;
  // A stable sort: pushed entries stay above fetched ones of the same millisecond.
  const merged = [...unseen, ...page].sort((a, b) => b.time - a.time);
  return withLogIds(merged.slice(0, perPage));
}
