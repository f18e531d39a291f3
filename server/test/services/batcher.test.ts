// The batcher behind the submission route (services/batcher.ts): what arrives in one turn of the
// event loop runs as one batch, later arrivals wait for a running batch and go out together, and a
// failure that is not the database's own is retried input by input.
import { describe, expect, it } from 'vitest';
import { Batcher } from '#server/services/batcher.js';

describe('Batcher', () => {
  it('runs what arrives in one turn as one batch, each caller getting its own answer', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher(async (inputs: number[]) => {
      batches.push(inputs);
      return inputs.map((n) => n * 10);
    });
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batcher.submit(n)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('gathers the arrivals while a batch runs, at most maxBatch at a time', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const batcher = new Batcher(
      async (inputs: number[]) => {
        batches.push(inputs);
        if (batches.length === 1) await first;
        return inputs;
      },
      { maxBatch: 3 },
    );
    const running = batcher.submit(0);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [1, 2, 3, 4].map((n) => batcher.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[0]]);
    release();
    expect(await Promise.all([running, ...later])).toEqual([0, 1, 2, 3, 4]);
    expect(batches).toEqual([[0], [1, 2, 3], [4]]);
  });

  it('retries a refused batch input by input, so only the caller at fault fails', async () => {
    const batcher = new Batcher(async (inputs: number[]) => {
      if (inputs.includes(2)) throw Object.assign(new Error('refused'), { code: '23503' });
      return inputs;
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('retries input by input one after another, in the order they arrived', async () => {
    // Ids of submissions follow the order of the single inserts; run side by side, a slow first
    // insert would let a later submission take the smaller id (seen on PostgreSQL in CI).
    const finished: number[] = [];
    const batcher = new Batcher(async (inputs: number[]) => {
      if (inputs.includes(2)) throw Object.assign(new Error('refused'), { code: '23503' });
      if (inputs.length === 1) await new Promise((resolve) => setTimeout(resolve, 10 - inputs[0]));
      finished.push(...inputs);
      return inputs;
    });
    await Promise.allSettled([1, 2, 3, 4].map((n) => batcher.submit(n)));
    expect(finished).toEqual([1, 3, 4]);
  });

  it('fails the whole batch, without retrying, when the database itself failed', async () => {
    let runs = 0;
    const batcher = new Batcher(async () => {
      runs++;
      throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    });
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(runs).toBe(1);
  });
});
