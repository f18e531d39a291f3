/** A stored log entry as the wire's LogMessageModel (admin log list and the admin hub). */
import type { components } from '#wire/schema.gen.js';

export type LogMessageModel = components['schemas']['LogMessageModel'];

export interface LogLine {
  time: number;
  level: LogMessageModel['level'];
  userName: string | null;
  ip: string | null;
  message: string;
  status: string | null;
  exception: string | null;
}

export function toLogMessage(entry: LogLine): LogMessageModel {
  return {
    time: entry.time,
    name: entry.userName ?? 'System',
    level: entry.level,
    ip: entry.ip ?? '',
    msg: entry.exception ? `${entry.message}\n${entry.exception}` : entry.message,
    status: (entry.status as LogMessageModel['status']) ?? null,
  };
}
