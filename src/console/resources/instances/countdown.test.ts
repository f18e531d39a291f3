import { describe, expect, it } from 'vitest';
import { urgencyOf } from './countdown';

describe('urgencyOf', () => {
  it('warns inside the renewal window and is critical in the last minute', () => {
    expect(urgencyOf(11 * 60_000, 10)).toBe('normal');
    expect(urgencyOf(10 * 60_000, 10)).toBe('warning');
    expect(urgencyOf(61_000, 10)).toBe('warning');
    expect(urgencyOf(60_000, 10)).toBe('critical');
    expect(urgencyOf(-1, 10)).toBe('critical');
    expect(urgencyOf(5 * 60_000, 0)).toBe('normal');
  });
});
