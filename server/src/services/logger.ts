import pino, { type Logger } from 'pino';
import { redactTokens } from '../domain/apiTokens.js';
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
      redact: [
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'req.headers.authorization',
        'password',
      ],
      // Fastify's request serializer, with any API token in the URL replaced: such a request is
      // refused (plugins/auth.ts), but its "incoming request" line is written before that.
      serializers: { req: requestForLog },
    },
    pino.multistream(streams),
  );
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

function requestForLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
