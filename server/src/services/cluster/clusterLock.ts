/**
 * Work done by one instance of the cluster at a time (issue 16): periodic jobs (the container
 * janitor, the scoreboard warm-up, the sweep for unclaimed submissions) and a game's board
 * rebuild. `runExclusive(name, job)` runs the job unless another instance holds `name`, holding it
 * while the job runs; with `minHoldMs` it keeps holding it for that long after the job started, so
 * a job every instance starts once per period runs once per period in the cluster.
 *
 * - With Redis (RedisClusterLock): `SET key token NX PX ttl`, renewed while the job runs, released
 *   only by its holder (compare and delete). A holder that dies stops renewing: the lock lapses
 *   after `ttlMs`. While Redis is unreachable the job runs anyway: every job guarded here is safe
 *   to run twice (it is guarded to save the work, not for correctness), and skipping it in every
 *   instance would stop it in the whole cluster.
 * - PostgreSQL alone (PostgresClusterLock): a transaction-level advisory lock, held by a
 *   transaction open while the job runs (one pooled connection); lapses with the connection.
 * - SQLite (LocalClusterLock): one instance by design; the lock is always this instance's.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import type { DB } from '../../db/schema.js';

export interface ExclusiveOptions {
  /** Keep holding the lock this long after the job started (periodic jobs: about a period). */
  minHoldMs?: number;
}

export interface ClusterLock {
  /** Runs `job` unless another instance holds `name`; answers whether it ran. */
  runExclusive(
    name: string,
    job: () => Promise<unknown>,
    options?: ExclusiveOptions,
  ): Promise<boolean>;
}

/** A single instance: every job runs. */
export class LocalClusterLock implements ClusterLock {
  async runExclusive(_name: string, job: () => Promise<unknown>): Promise<boolean> {
    await job();
    return true;
  }
}

/** How long a Redis lock lives without renewal: how long a dead holder blocks the job. */
export const LOCK_TTL_MS = 15_000;

// Renews or releases the lock only if this holder still has it.
const EXTEND_IF_HELD = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;
const RELEASE_IF_HELD = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

type RedisWithLockScripts = Redis & {
  vexilExtendLock(key: string, token: string, ms: number): Promise<number>;
  vexilReleaseLock(key: string, token: string): Promise<number>;
};

export interface RedisClusterLockOptions {
  /** Names the deployment in the keys (`vexil:lock:<namespace>:<name>`). */
  namespace: string;
  /** Names this instance in the lock's value (an operator reading it sees the holder). */
  instanceId: string;
  ttlMs?: number;
  /** Told when Redis could not be asked (the job ran anyway). */
  onUnavailable?: (name: string, error: unknown) => void;
}

export class RedisClusterLock implements ClusterLock {
  private readonly redis: RedisWithLockScripts;
  private readonly ttlMs: number;

  constructor(
    redis: Redis,
    private readonly options: RedisClusterLockOptions,
  ) {
    redis.defineCommand('vexilExtendLock', { numberOfKeys: 1, lua: EXTEND_IF_HELD });
    redis.defineCommand('vexilReleaseLock', { numberOfKeys: 1, lua: RELEASE_IF_HELD });
    this.redis = redis as RedisWithLockScripts;
    this.ttlMs = options.ttlMs ?? LOCK_TTL_MS;
  }

  async runExclusive(
    name: string,
    job: () => Promise<unknown>,
    { minHoldMs = 0 }: ExclusiveOptions = {},
  ): Promise<boolean> {
    const key = `vexil:lock:${this.options.namespace}:${name}`;
    const token = `${this.options.instanceId}:${randomBytes(6).toString('hex')}`;
    const started = Date.now();
    try {
      const got = await this.redis.set(key, token, 'PX', Math.max(this.ttlMs, minHoldMs), 'NX');
      if (got !== 'OK') return false;
    } catch (error) {
      this.options.onUnavailable?.(name, error);
      await job();
      return true;
    }
    const renew = setInterval(
      () => void this.redis.vexilExtendLock(key, token, this.ttlMs).catch(() => undefined),
      Math.max(1, Math.floor(this.ttlMs / 3)),
    );
    renew.unref();
    try {
      await job();
    } finally {
      clearInterval(renew);
      const left = started + minHoldMs - Date.now();
      const done =
        left > 0
          ? this.redis.vexilExtendLock(key, token, left)
          : this.redis.vexilReleaseLock(key, token);
      // Unreachable: the lock lapses by itself.
      await done.catch(() => undefined);
    }
    return true;
  }
}

/** Advisory lock keys are 64-bit integers: names are hashed into PostgreSQL's key space. */
export class PostgresClusterLock implements ClusterLock {
  constructor(
    private readonly db: Kysely<DB>,
    /** Names the deployment (several may share a PostgreSQL server, not a database). */
    private readonly namespace = 'vexil',
  ) {}

  async runExclusive(name: string, job: () => Promise<unknown>): Promise<boolean> {
    const key = `${this.namespace}:${name}`;
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        got: boolean;
      }>`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as got`.execute(trx);
      if (!rows[0]?.got) return false;
      await job();
      return true;
    });
  }
}
