/**
 * Every Redis connection Vexil opens (REDIS_URL) comes from here, so that an outage of Redis
 * costs requests nothing and fills no log:
 *
 * - Command connections fail at once while disconnected (no offline queue), and a command in
 *   flight when the connection drops fails at once too (no retry per request); a command that
 *   gets no answer fails after REDIS_COMMAND_TIMEOUT_MS, and a connection that stops answering
 *   (a frozen or partitioned server keeps the TCP connection open) is dropped after as long and
 *   opened again, so the next commands fail at once instead of each waiting.
 * - Subscriber connections keep what they are asked while disconnected (subscriptions) for the
 *   reconnect; ioredis subscribes again to every channel after a reconnect.
 * - Connecting gives up after REDIS_CONNECT_TIMEOUT_MS; reconnects back off from 100 ms up to
 *   REDIS_LONGEST_RETRY_MS, so Redis is used again within about two seconds of coming back.
 * - The connections of one use of Redis (a `RedisLink`: the boards, the rate limits…) report an
 *   outage once, when the first of them fails, and its end once, when all are ready again.
 */
import { Redis, type RedisOptions } from 'ioredis';

export const REDIS_CONNECT_TIMEOUT_MS = 2_000;
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
export const REDIS_LONGEST_RETRY_MS = 2_000;

/** Delay before reconnect attempt `attempt` (1, 2, …): 100 ms doubling up to the longest. */
export const reconnectDelay = (attempt: number): number =>
  Math.min(REDIS_LONGEST_RETRY_MS, 100 * 2 ** Math.min(10, Math.max(0, attempt - 1)));

const COMMON: RedisOptions = {
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  retryStrategy: reconnectDelay,
};

const COMMANDS: RedisOptions = {
  ...COMMON,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  socketTimeout: REDIS_COMMAND_TIMEOUT_MS,
};

const SUBSCRIBER: RedisOptions = {
  ...COMMON,
  maxRetriesPerRequest: null,
};

export interface RedisOutageReport {
  /** Redis became unreachable (told once per outage). */
  down(error: Error): void;
  /** Every connection of the link is ready again after an outage. */
  up?(): void;
}

export class RedisLink {
  private readonly connections: Redis[] = [];
  private failing = false;
  private closing = false;

  constructor(
    private readonly url: string,
    private readonly report: RedisOutageReport = { down: () => {} },
  ) {}

  /** A connection for commands: they fail at once, or after the command timeout, while Redis
   *  does not answer. */
  commands(): Redis {
    return this.open(COMMANDS);
  }

  /** A connection for SUBSCRIBE. */
  subscriber(): Redis {
    return this.open(SUBSCRIBER);
  }

  /** Whether every connection of the link is ready. */
  get ready(): boolean {
    return this.connections.every((connection) => connection.status === 'ready');
  }

  /** Resolves once every connection is ready, or after `timeoutMs` (start-up: an unreachable
   *  Redis delays nothing for longer). */
  async whenReady(timeoutMs = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waits = this.connections
      .filter((connection) => connection.status !== 'ready')
      .map((connection) => new Promise((resolve) => connection.once('ready', resolve)));
    if (waits.length === 0) return;
    await Promise.race([
      Promise.all(waits),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
  }

  /** Whether an outage has been reported and has not ended yet. */
  get down(): boolean {
    return this.failing;
  }

  /** Closes every connection: QUIT where it answers (bounded by the command timeout). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.connections.map(async (connection) => {
        if (connection.status === 'ready') await connection.quit().catch(() => undefined);
        connection.disconnect();
      }),
    );
  }

  private open(options: RedisOptions): Redis {
    const connection = new Redis(this.url, options);
    this.connections.push(connection);
    connection.on('error', (error: Error) => this.failed(error));
    connection.on('ready', () => this.readyAgain());
    return connection;
  }

  private failed(error: Error): void {
    if (this.failing || this.closing) return;
    this.failing = true;
    this.report.down(error);
  }

  private readyAgain(): void {
    if (!this.failing || this.closing || !this.ready) return;
    this.failing = false;
    this.report.up?.();
  }
}

/** What a link says in the log: one warning per outage, one line when Redis answers again. */
export function redisOutageLog(
  log: { warn(object: object, message: string): void; info(message: string): void },
  use: string,
  meanwhile: string,
): RedisOutageReport {
  return {
    down: (error) => log.warn({ err: error }, `Redis for ${use} is unreachable; ${meanwhile}`),
    up: () => log.info(`Redis for ${use} answers again`),
  };
}
