/**
 * Who a limit counts (the API token, else the signed-in user, else the client address) and the 429 a limited client
 * gets; shared by the rate limits (rateLimits.ts) and the concurrency queue (concurrency.ts).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.js';

export function clientKey(request: FastifyRequest): string {
  // A personal API token is a client of its own (issue 26): a user's script does not spend the
  // allowance of their browser, nor one script that of another.
  if (request.apiToken) return `token:${request.apiToken.id}`;
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

export function tooMany(seconds: number): ApiError {
  return new ApiError(429, `Too many requests, please retry after ${seconds} seconds`);
}
