import { describe, expect, it } from 'vitest';
import { retryDelay } from './hubLink';

describe('retryDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});
