/**
 * Per-client rate limits: one global limit on every API request and named limits for sensitive
 * operations (`x-vexil-rate-limit`). The client is the signed-in user, else the client address
 * (which honours X-Forwarded-For only from trusted proxies). 429 answers carry `Retry-After`.
 *
 * With Redis (`REDIS_URL`) the counters live there, shared by every instance of the deployment
 * (namespaced by its database), so a client cannot multiply its allowance by the instance count.
 * While Redis is unreachable each instance counts in process (redisConnection.ts: commands fail
 * at once, nothing waits), and uses Redis again once it answers. The concurrency queue stays per
 * instance.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Config, NamedLimit, RateLimitRule } from '../config.js';
import { RedisLink, redisOutageLog } from '../services/redisConnection.js';
import { concurrencyLimiter } from './concurrency.js';
import { clientKey, tooMany } from './limitedClient.js';
import { sharedCounters } from '../services/plugins/deployment.js';
import { servicePlugin } from '../services/servicePlugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits the operations and hubs apply; null when rate limiting is off. */
    rateLimits: RateLimiters | null;
  }
}

export interface RateLimiters {
  global: onRequestHookHandler;
  named(name: string): onRequestHookHandler[];
}

/** The Redis link of the counters, closed with the app. */
function counterLink(app: FastifyInstance, url: string): RedisLink {
  const link = new RedisLink(
    url,
    redisOutageLog(app.log, 'rate limits', 'each instance counts on its own meanwhile'),
  );
  // Counting starts in Redis: the first requests are not counted here and there in turn.
  app.addHook('onReady', () => link.whenReady());
  app.addHook('onClose', () => link.close());
  return link;
}

/** Counters in process, for while Redis is unreachable. In a scope of their own, registered before
 *  the shared ones: the plugin decorates only a scope that has no `createRateLimit` yet. */
async function localCounters(app: FastifyInstance): Promise<FastifyInstance['createRateLimit']> {
  let create: FastifyInstance['createRateLimit'] | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false });
    create = scope.createRateLimit;
  });
  return create!;
}

export async function createRateLimiters(
  app: FastifyInstance,
  config: Config['rateLimit'],
  shared?: { redisUrl: string; namespace: string },
): Promise<RateLimiters | null> {
  if (!config.enabled) return null;
  const link = shared ? counterLink(app, shared.redisUrl) : undefined;
  const local = link ? await localCounters(app) : undefined;
  await app.register(rateLimit, {
    global: false,
    // A command that fails as Redis goes away lets its request through.
    skipOnError: true,
    ...(shared && link && { redis: link.commands(), nameSpace: `vexil-rate:${shared.namespace}:` }),
  });
  // Every limit counts separately (its name is part of the key: the plugin's Redis store would
  // otherwise share one counter between limiters); a request must pass all of its limits (the
  // plugin's own hook runs only one limit per request, hence this small hook).
  const make = (name: string, rule: RateLimitRule): onRequestHookHandler => {
    const options = {
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request)}`,
    };
    const counted = app.createRateLimit(options);
    const countedHere = local?.(options);
    return async function rateLimited(request, reply) {
      const check = countedHere && !link?.ready ? countedHere : counted;
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

/** `app.rateLimits`, counted in Redis when the deployment has one. */
export const rateLimitsPlugin = servicePlugin(
  'rateLimits',
  (app) => createRateLimiters(app, app.config.rateLimit, sharedCounters(app)),
  ['config', 'database'],
);
