// The limiter of an instance's engine removals (services/containers/limiter.ts): never more tasks
// at once than its room, the others in the order they came, and a failing task frees its turn.
import { describe, expect, it } from 'vitest';
import { Limiter } from '#server/services/containers/limiter.js';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('limiter', () => {
  it('runs at most its room at once, the rest in the order they came', async () => {
    const limiter = new Limiter(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const tasks = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await expect.poll(() => started).toEqual([0, 1]);
    gates[1].open();
    await expect.poll(() => started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
    expect(limiter.active).toBe(0);
  });

  it('frees the turn of a task that fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(async () => Promise.reject(new Error('engine gone')))).rejects.toThrow(
      'engine gone',
    );
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.active).toBe(0);
  });
});
