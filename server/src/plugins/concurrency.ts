/**
 * The `concurrency` limit: one request in flight per client, later ones queue (up to a bound) and
 * the rest get 429. Used where two parallel requests of the same client must not interleave.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ApiError } from '../http/errors.js';
import { clientKey } from './limitedClient.js';

interface Lane {
  busy: boolean;
  waiting: Array<() => void>;
}

const RELEASE = Symbol('vexil.concurrency.release');

export function concurrencyLimiter(
  app: FastifyInstance,
  maxQueue: number,
  tooMany: (seconds: number) => ApiError,
): onRequestHookHandler {
  const lanes = new Map<string, Lane>();

  /** Hands the lane to the next waiter (it stays busy), or frees it. */
  const release = (key: string) => {
    const lane = lanes.get(key);
    if (!lane) return;
    const next = lane.waiting.shift();
    if (next) next();
    else lanes.delete(key);
  };

  const releaseOnce = (request: FastifyRequest) => {
    const done = (request as unknown as Record<symbol, (() => void) | undefined>)[RELEASE];
    if (done) {
      (request as unknown as Record<symbol, undefined>)[RELEASE] = undefined;
      done();
    }
  };
  app.addHook('onResponse', async (request) => releaseOnce(request));
  app.addHook('onRequestAbort', async (request) => releaseOnce(request));

  return async function limitConcurrency(request: FastifyRequest) {
    const key = clientKey(request);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { busy: false, waiting: [] };
      lanes.set(key, lane);
    }
    if (lane.busy) {
      if (lane.waiting.length >= maxQueue) throw tooMany(1);
      await new Promise<void>((resolve) => lane!.waiting.push(resolve));
    } else {
      lane.busy = true;
    }
    (request as unknown as Record<symbol, () => void>)[RELEASE] = () => release(key);
  };
}
