import pino, { type Logger } from 'pino';
import type { LogStore } from './logStore.js';

/** pino to stdout at the configured level, and Information+ to the log store. */
export function createLogger(level: string, store: LogStore): Logger {
  const streams: pino.StreamEntry[] = [{ level: 'info', stream: store.stream }];
  if (level !== 'silent') streams.push({ level: level as pino.Level, stream: process.stdout });
  const minLevel = level === 'silent' ? 'info' : pino.levels.values[level] < 30 ? level : 'info';
  return pino(
    {
      level: minLevel,
      base: { logger: 'server' },
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'password'],
    },
    pino.multistream(streams),
  );
}
