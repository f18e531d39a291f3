import { describe, expect, it } from 'vitest';
import { ScoreboardCache } from '../../src/services/scoreboard/cache.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('scoreboard cache', () => {
  it('computes on the first read only, then serves the cache', async () => {
    let runs = 0;
    const cache = new ScoreboardCache(async () => ++runs);
    expect(await cache.get(1)).toBe(1);
    expect(await cache.get(1)).toBe(1);
    expect(runs).toBe(1);
  });

  it('recomputes in the background on invalidate, serving the old board meanwhile', async () => {
    let runs = 0;
    let gate = deferred();
    const cache = new ScoreboardCache(async () => {
      runs++;
      if (runs > 1) await gate.promise;
      return runs;
    });
    expect(await cache.get(1)).toBe(1);
    cache.invalidate(1);
    expect(await cache.get(1)).toBe(1);
    gate.resolve();
    await cache.settle(1);
    expect(await cache.get(1)).toBe(2);
    gate = deferred();
  });

  it('coalesces changes that arrive during a run into one more run', async () => {
    let runs = 0;
    const gate = deferred();
    const cache = new ScoreboardCache(async () => {
      runs++;
      if (runs === 1) await gate.promise;
      return runs;
    });
    cache.invalidate(7);
    cache.invalidate(7);
    cache.invalidate(7);
    cache.invalidate(7);
    gate.resolve();
    await cache.settle(7);
    expect(runs).toBe(2);
    expect(await cache.get(7)).toBe(2);
  });

  it('keeps games apart and keeps working after a failed run', async () => {
    let fail = true;
    const errors: number[] = [];
    const cache = new ScoreboardCache(
      async (gameId) => {
        if (fail && gameId === 2) throw new Error('boom');
        return gameId * 10;
      },
      undefined,
      (gameId) => errors.push(gameId),
    );
    expect(await cache.get(1)).toBe(10);
    await expect(cache.get(2)).rejects.toThrow('boom');
    fail = false;
    cache.invalidate(2);
    await cache.settle(2);
    expect(await cache.get(2)).toBe(20);
    expect(errors).toEqual([2]);
  });
});
