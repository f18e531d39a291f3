import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '#server/services/keyedQueue.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedQueue', () => {
  it('runs tasks of one key one after another, other keys alongside', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      queue.run('team 1', task('a')),
      queue.run('team 1', task('b')),
      queue.run('team 2', task('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log.indexOf('a end')).toBeLessThan(log.indexOf('b start'));
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'));
    expect(queue.size).toBe(0);
  });

  it('goes on after a failing task and reports the failure to its caller only', async () => {
    const queue = new KeyedQueue();
    const failing = queue.run('k', async () => {
      await tick();
      throw new Error('engine down');
    });
    const next = queue.run('k', async () => 'ran');
    await expect(failing).rejects.toThrow('engine down');
    await expect(next).resolves.toBe('ran');
    expect(queue.size).toBe(0);
  });
});
