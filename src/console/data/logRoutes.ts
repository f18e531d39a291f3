/**
 * Route-table entries of the `logs` resource: the server's log, newest first
 * (`GET /api/admin/logs?level&count&skip`), of the list's `filter.level` (handed over in `meta`
 * by ./listQueryLifecycle.ts). The API answers a bare array without a total, so the entry asks
 * for one entry more than the page: the `total` it reports only tells whether a next page exists
 * (skip + shown, plus one when more follow), and the logs list pages without showing a count.
 */
import { api, HttpError, unwrap } from '@/api/client';
import { enums } from '@/api/formMeta.gen';
import type { LogLevelFilter, LogMessage } from '@/api/types';
import { listQueryOf } from './listQueryLifecycle';
import type { ResourceRoutes } from './kit';

/** A log entry as the console shows it. Entries have no id: see {@link withLogIds}. */
export type LogRecord = LogMessage & { id: string };

/** The level filter that keeps every entry. */
export const ALL_LEVELS = 'All' satisfies LogLevelFilter;

export const LEVEL_FILTERS: readonly LogLevelFilter[] = [ALL_LEVELS, ...enums.LogLevel];

/** The list filter's level, or {@link ALL_LEVELS} when it names none the API knows. */
export function levelFilterOf(filter: Record<string, unknown> | undefined): LogLevelFilter {
  const level = filter?.level;
  return LEVEL_FILTERS.find((known) => known === level) ?? ALL_LEVELS;
}

export const matchesLevel = (entry: LogMessage, level: LogLevelFilter) =>
  level === ALL_LEVELS || entry.level === level;

/** Everything an entry says: two entries with the same content are the same line. */
export const contentKey = (entry: LogMessage) =>
  JSON.stringify([entry.time, entry.level, entry.name, entry.ip, entry.status, entry.msg]);

/** FNV-1a, 32 bits, in base 36: a short id part. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * Ids made from the entries' content, numbered by occurrence, so they are unique within the list
 * and stay the same when the list is read again.
 */
export function withLogIds(entries: LogMessage[]): LogRecord[] {
  const seen = new Map<string, number>();
  return entries.map((entry) => {
    const hash = shortHash(contentKey(entry));
    const occurrence = seen.get(hash) ?? 0;
    seen.set(hash, occurrence + 1);
    return { ...entry, id: `${hash}-${occurrence}` };
  });
}

export const logRoutes = {
  maxPageSize: 500,
  list: async ({ skip, count }, meta) => {
    const level = levelFilterOf(listQueryOf(meta).filter);
    const entries = unwrap(
      await api.GET('/api/admin/logs', { params: { query: { level, skip, count: count + 1 } } }),
    );
    const data = withLogIds(entries.slice(0, count));
    const more = entries.length > count;
    return { data, length: data.length, total: skip + data.length + (more ? 1 : 0) };
  },
  getOne: async () => {
    throw new HttpError('Log entries are read a page at a time', 405);
  },
} satisfies ResourceRoutes<LogRecord, never, never>;
