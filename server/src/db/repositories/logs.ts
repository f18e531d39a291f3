// The admin log: written in batches by the logging sink, read newest first by the admin console.
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import type { LogLevel, LogRow } from '../tables/platform.js';

export interface LogEntry {
  id: number;
  time: number;
  level: LogLevel;
  logger: string;
  userName: string | null;
  ip: string | null;
  message: string;
  status: string | null;
  exception: string | null;
}

export type NewLogEntry = Pick<LogEntry, 'time' | 'level' | 'logger' | 'message'> &
  Partial<Pick<LogEntry, 'userName' | 'ip' | 'status' | 'exception'>>;

export interface LogQuery {
  /** Only this level; undefined for all. */
  level?: LogLevel;
  skip: number;
  count: number;
}

// 8 bound values per row; keeps every statement well under SQLite's variable limit.
const BATCH_ROWS = 500;

export function toLogEntry(row: LogRow): LogEntry {
  return {
    id: row.id,
    time: row.time,
    level: row.level,
    logger: row.logger,
    userName: row.user_name,
    ip: row.ip,
    message: row.message,
    status: row.status,
    exception: row.exception,
  };
}

export async function insertLogs(db: Kysely<DB>, batch: readonly NewLogEntry[]): Promise<void> {
  for (let start = 0; start < batch.length; start += BATCH_ROWS) {
    const rows = batch.slice(start, start + BATCH_ROWS).map((entry) => ({
      time: entry.time,
      level: entry.level,
      logger: entry.logger,
      user_name: entry.userName ?? null,
      ip: entry.ip ?? null,
      message: entry.message,
      status: entry.status ?? null,
      exception: entry.exception ?? null,
    }));
    await db.insertInto('logs').values(rows).execute();
  }
}

/** A page of log entries, newest first (ties by insertion order, newest first). */
export async function listLogs(db: Kysely<DB>, query: LogQuery): Promise<LogEntry[]> {
  let select = db.selectFrom('logs').selectAll();
  if (query.level) select = select.where('level', '=', query.level);
  const rows = await select
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(query.count)
    .offset(query.skip)
    .execute();
  return rows.map(toLogEntry);
}

export async function countLogs(db: Kysely<DB>, level?: LogLevel): Promise<number> {
  let select = db.selectFrom('logs').select((eb) => eb.fn.countAll<number>().as('count'));
  if (level) select = select.where('level', '=', level);
  const { count } = await select.executeTakeFirstOrThrow();
  return Number(count);
}

/** Deletes entries older than `olderThan` (epoch ms); returns how many. */
export async function pruneLogs(db: Kysely<DB>, olderThan: number): Promise<number> {
  const result = await db.deleteFrom('logs').where('time', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
