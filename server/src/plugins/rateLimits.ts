/**
 * Per-client rate limits: one global limit on every API request and named limits for sensitive
 * operations (`x-vexil-rate-limit`). The client is the signed-in user, else the client address
 * (which honours X-Forwarded-For only from trusted proxies). 429 answers carry `Retry-After`.
 *
 * With Redis (`REDIS_URL`) the counters live there, shared by every instance of the deployment
 * (namespaced by its database), so a client cannot multiply its allowance by the instance count.
 * Should Redis fail, requests pass rather than fail. The concurrency queue stays per instance.
 */
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config, NamedLimit, RateLimitRule } from '../config.js';
import { ApiError } from '../http/errors.js';
import { concurrencyLimiter } from './concurrency.js';

export interface RateLimiters {
  global: onRequestHookHandler;
  named(name: string): onRequestHookHandler[];
}

export const clientKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

function tooMany(seconds: number): ApiError {
  return new ApiError(429, `Too many requests, please retry after ${seconds} seconds`);
}

/** A Redis connection for the counters, closed with the app; commands fail fast while it is down. */
function counterRedis(app: FastifyInstance, url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let warned = false;
  redis.on('error', (error: Error) => {
    if (warned) return;
    warned = true;
    app.log.warn({ err: error }, 'Redis for rate limits is unreachable; requests are not limited');
  });
  redis.on('ready', () => (warned = false));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

export async function createRateLimiters(
  app: FastifyInstance,
  config: Config['rateLimit'],
  shared?: { redisUrl: string; namespace: string },
): Promise<RateLimiters | null> {
  if (!config.enabled) return null;
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(shared && {
      redis: counterRedis(app, shared.redisUrl),
      nameSpace: `vexil-rate:${shared.namespace}:`,
    }),
  });
  // Every limit counts separately (its name is part of the key: the plugin's Redis store would
  // otherwise share one counter between limiters); a request must pass all of its limits (the
  // plugin's own hook runs only one limit per request, hence this small hook).
  const make = (name: string, rule: RateLimitRule): onRequestHookHandler => {
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (request) => `${name}:${clientKey(request)}`,
    });
    return async function rateLimited(request, reply) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw tooMany(seconds);
    };
  };
  const global = make('global', config.global);
  const named = Object.fromEntries(
    Object.entries(config.named).map(([name, rule]) => [name, [make(name, rule)]]),
  ) as Record<NamedLimit, onRequestHookHandler[]>;
  const concurrency = concurrencyLimiter(app, config.concurrencyQueue, tooMany);
  return {
    global,
    named(name: string) {
      if (name === 'concurrency') return [concurrency];
      const hooks = named[name as NamedLimit];
      if (!hooks) throw new Error(`Unknown rate limit ${name} in the spec`);
      return hooks;
    },
  };
}
