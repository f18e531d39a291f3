/**
 * Holds back password guessing: sign-ins, and the current password of a password change. Two
 * counters per account (README, "Sign-in limits"):
 * - per account and client address (an IPv6 client by its /64): each attempt takes one of
 *   `perAddress.max` within the window; when the attempt that took the last one fails, that pair
 *   is locked out, for a time that doubles with each lock-out of the day (60 s, 120 s, … up to the
 *   max). Attempts while locked out get 429 with `Retry-After`. A success clears the pair. The key
 *   never involves a session, so a cookie of the attacker's own changes nothing, and the owner
 *   elsewhere is not locked out.
 * - per account across every address: failures within the window; once `perAccount.max` is
 *   reached, the caller asks for the captcha rather than locking the owner out.
 * An unknown user name is counted under the name typed, exactly like an account, so the limits do
 * not tell which names exist. Typed names are hashed: people type passwords into that field.
 *
 * With Redis the counters are shared by the instances of the deployment (namespaced like the
 * other rate-limit counters); while Redis fails, each instance counts in memory.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { LoginLimitConfig } from '../config.js';
import { addressGroup } from '../domain/addressGroup.js';
import { TooOften } from '../domain/errors.js';

/** One attempt, admitted: report how it ended. */
export interface LoginAttempt {
  /** The account's failures from every address reached the limit: ask for the captcha. */
  readonly captchaAdvised: boolean;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

export interface LoginThrottle {
  /** Takes an attempt for the account from the address; 429 while that pair is locked out. */
  admit(account: string, ip: string): Promise<LoginAttempt>;
}

/** The counter key of an account: its id, else the user name as typed (hashed, any case). */
export const accountKey = (user: { id: string } | null, typedName: string): string =>
  user
    ? `user:${user.id}`
    : `name:${createHash('sha256').update(typedName.toLowerCase()).digest('hex').slice(0, 32)}`;

/** The n-th lock-out of a day (from 1): the first lasts `base`, each next one twice as long. */
export function lockoutSeconds(n: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.min(Math.max(n - 1, 0), 30));
}

const DAY_SECONDS = 86_400;

const tooManyFailures = (seconds: number) =>
  new TooOften(`Too many failed sign-ins, please retry after ${seconds} seconds`, seconds);

const unlimited: LoginAttempt = {
  captchaAdvised: false,
  failed: async () => {},
  succeeded: async () => {},
};

class CountingLoginThrottle implements LoginThrottle {
  /** Attempts per (account, address), within the window or blocked for a lock-out. */
  private readonly attempts: RateLimiterAbstract;
  /** Lock-outs per (account, address) in the last day: how long the next one lasts. */
  private readonly lockouts: RateLimiterAbstract;
  /** Failures per account from every address. */
  private readonly failures: RateLimiterAbstract;

  constructor(
    private readonly limits: LoginLimitConfig,
    private readonly warn: (error: unknown) => void,
    store: { redis?: Redis; prefix: string },
  ) {
    const counter = (name: string, points: number, duration: number): RateLimiterAbstract => {
      const keyPrefix = `${store.prefix}${name}`;
      const memory = new RateLimiterMemory({ keyPrefix, points, duration });
      if (!store.redis) return memory;
      return new RateLimiterRedis({
        storeClient: store.redis,
        keyPrefix,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      });
    };
    this.attempts = counter('attempts', limits.perAddress.max, limits.perAddress.windowSeconds);
    this.lockouts = counter('lockouts', Number.MAX_SAFE_INTEGER, DAY_SECONDS);
    this.failures = counter('failures', limits.perAccount.max, limits.perAccount.windowSeconds);
  }

  async admit(account: string, ip: string): Promise<LoginAttempt> {
    const pair = `${account}|${addressGroup(ip)}`;
    const taken = await this.attempts.consume(pair).catch((error: unknown) => {
      if (error instanceof RateLimiterRes)
        throw tooManyFailures(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
      this.warn(error);
      return null; // the counters are out of reach: let the attempt through rather than fail it
    });
    const spent = (taken?.consumedPoints ?? 0) >= this.limits.perAddress.max;
    const accountFailures = await this.failures.get(account).catch((error: unknown) => {
      this.warn(error);
      return null;
    });
    return {
      captchaAdvised: (accountFailures?.consumedPoints ?? 0) >= this.limits.perAccount.max,
      failed: () => this.failed(account, pair, spent),
      succeeded: () => this.succeeded(pair),
    };
  }

  private async failed(account: string, pair: string, spent: boolean): Promise<void> {
    const counted = this.failures.consume(account).catch((error: unknown) => {
      // Past the limit the counter keeps refusing: the failure is already counted enough.
      if (!(error instanceof RateLimiterRes)) this.warn(error);
    });
    await Promise.all([counted, spent ? this.lockOut(pair) : undefined]);
  }

  private async lockOut(pair: string): Promise<void> {
    try {
      const { consumedPoints } = await this.lockouts.consume(pair);
      const { lockoutSeconds: base, lockoutMaxSeconds: max } = this.limits;
      await this.attempts.block(pair, lockoutSeconds(consumedPoints, base, max));
    } catch (error) {
      this.warn(error);
    }
  }

  private async succeeded(pair: string): Promise<void> {
    await Promise.all([this.attempts.delete(pair), this.lockouts.delete(pair)]).catch(this.warn);
  }
}

/** A Redis connection for the counters, closed with the app; commands fail fast while it is down. */
function counterRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    app.log.warn(
      { err: error },
      'Redis for sign-in limits is unreachable; each instance counts failed sign-ins alone',
    );
  });
  redis.on('ready', () => (warned = false));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

export function createLoginThrottle(
  app: FastifyInstance,
  limits: LoginLimitConfig,
  shared?: { redisUrl: string; namespace: string },
): LoginThrottle {
  if (!limits.enabled) return { admit: async () => unlimited };
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true; // once per instance: an outage would otherwise log on every sign-in
    app.log.warn({ err: error }, 'Sign-in limits could not be counted; attempts were let through');
  };
  return new CountingLoginThrottle(limits, warn, {
    redis: shared && counterRedis(app, shared.redisUrl),
    prefix: `vexil-login:${shared?.namespace ?? 'local'}:`,
  });
}
