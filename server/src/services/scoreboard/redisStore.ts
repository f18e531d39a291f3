/**
 * Scoreboards kept in Redis (REDIS_URL), so that several instances share one cache: whichever
 * instance recomputes a board overwrites it for all. Entries expire after 14 days without a read
 * or a rebuild. Keys are namespaced by the database the boards come from, so instances of
 * different deployments (or test apps) sharing one Redis never see each other's boards.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { ScoreboardStore } from './cache.js';

export const SCOREBOARD_TTL_SECONDS = 14 * 24 * 60 * 60;

export class RedisScoreboardStore<T> implements ScoreboardStore<T> {
  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly ttlSeconds = SCOREBOARD_TTL_SECONDS,
  ) {}

  key(gameId: number): string {
    return `vexil:scoreboard:${this.namespace}:${gameId}`;
  }

  async get(gameId: number): Promise<T | undefined> {
    const text = await this.redis.getex(this.key(gameId), 'EX', this.ttlSeconds);
    return text === null ? undefined : (JSON.parse(text) as T);
  }

  async set(gameId: number, value: T): Promise<void> {
    await this.redis.set(this.key(gameId), JSON.stringify(value), 'EX', this.ttlSeconds);
  }

  async delete(gameId: number): Promise<void> {
    await this.redis.del(this.key(gameId));
  }
}

/** A short stable name for the database behind this instance. */
export function databaseNamespace(identity: string): string {
  return createHash('sha256').update(identity).digest('hex').slice(0, 16);
}

/**
 * The Redis store when `url` is set (closed with the app), else undefined: the cache then keeps
 * boards in process.
 */
export function redisScoreboardStore<T>(
  app: FastifyInstance,
  url: string | undefined,
): RedisScoreboardStore<T> | undefined {
  if (!url) return undefined;
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis scoreboard store'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  const identity = app.config.databaseUrl ?? app.config.dataDir;
  return new RedisScoreboardStore<T>(redis, databaseNamespace(identity));
}
