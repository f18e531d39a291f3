/**
 * Keeps the server's Information-and-above log events: buffers them, writes them to the database
 * in batches, and tells live listeners (the admin hub) about each one.
 */
import { EventEmitter } from 'node:events';
import { storageFault } from '../db/faults.js';

export type StoredLevel = 'Information' | 'Warning' | 'Error' | 'Fatal';

export interface LogEntry {
  time: number;
  level: StoredLevel;
  logger: string;
  userName: string | null;
  ip: string | null;
  message: string;
  status: string | null;
  exception: string | null;
}

export interface LogWriter {
  write(entries: LogEntry[]): Promise<void>;
}

const pinoLevels: Record<number, StoredLevel> = {
  30: 'Information',
  40: 'Warning',
  50: 'Error',
  60: 'Fatal',
};

/** Maps one pino JSON record to a stored entry, or null when it is below Information. */
export function fromPinoRecord(record: Record<string, unknown>): LogEntry | null {
  const level = pinoLevels[record.level as number];
  if (!level) return null;
  const err = record.err as { message?: string; stack?: string; type?: string } | undefined;
  const req = record.req as { remoteAddress?: string } | undefined;
  return {
    time: typeof record.time === 'number' ? record.time : Date.now(),
    level,
    logger: typeof record.logger === 'string' ? record.logger : 'server',
    userName: typeof record.userName === 'string' ? record.userName : null,
    ip: typeof record.ip === 'string' ? record.ip : (req?.remoteAddress ?? null),
    message: String(record.msg ?? ''),
    status: typeof record.taskStatus === 'string' ? record.taskStatus : err ? 'Failed' : null,
    exception: err ? (err.stack ?? err.message ?? String(err)) : null,
  };
}

export class LogStore extends EventEmitter {
  private buffer: LogEntry[] = [];
  private writer?: LogWriter;
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly flushIntervalMs = 500,
    private readonly maxBuffer = 10_000,
  ) {
    super();
  }

  /** Starts persisting (the database opens after the logger exists). */
  attach(writer: LogWriter): void {
    this.writer = writer;
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  /** pino destination: receives one JSON line per record. */
  readonly stream = {
    write: (line: string) => {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      const entry = fromPinoRecord(record);
      if (!entry) return;
      if (this.buffer.length < this.maxBuffer) this.buffer.push(entry);
      this.emit('log', entry);
    },
  };

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.writer || this.buffer.length === 0) return;
      const batch = this.buffer.splice(0, this.buffer.length);
      try {
        await this.writer.write(batch);
      } catch (error) {
        // The database is down (its outage is logged once, by its health): the entries wait
        // for the next flush, up to the buffer's bound, and are stored once it is back.
        if (storageFault(error)) {
          this.buffer = [...batch, ...this.buffer].slice(0, this.maxBuffer);
          return;
        }
        process.stderr.write(`Could not store ${batch.length} log entries: ${String(error)}\n`);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    this.writer = undefined;
  }
}
