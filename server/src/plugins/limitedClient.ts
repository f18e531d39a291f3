/**
 * Who a limit counts (the signed-in user, else the client address) and the 429 a limited client
 * gets; shared by the rate limits (rateLimits.ts) and the concurrency queue (concurrency.ts).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.js';

export const clientKey = (request: FastifyRequest) =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

export function tooMany(seconds: number): ApiError {
  return new ApiError(429, `Too many requests, please retry after ${seconds} seconds`);
}
