/**
 * Per-client rate limits: one global limit on every API request and named limits for sensitive
 * operations (`x-vexil-rate-limit`). The client is the signed-in user, else the client address
 * (which honours X-Forwarded-For only from trusted proxies). 429 answers carry `Retry-After`.
 */
import rateLimit from '@fastify/rate-limit';
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

export async function createRateLimiters(
  app: FastifyInstance,
  config: Config['rateLimit'],
): Promise<RateLimiters | null> {
  if (!config.enabled) return null;
  await app.register(rateLimit, { global: false });
  // Each limiter gets its own store, so every limit counts separately; a request must pass all of
  // its limits (the plugin's own hook runs only one limit per request, hence this small hook).
  const make = (rule: RateLimitRule): onRequestHookHandler => {
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowSeconds * 1000,
      keyGenerator: clientKey,
    });
    return async function rateLimited(request, reply) {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw tooMany(seconds);
    };
  };
  const global = make(config.global);
  const named = Object.fromEntries(
    Object.entries(config.named).map(([name, rule]) => [name, [make(rule)]]),
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
