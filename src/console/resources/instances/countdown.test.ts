import { describe, expect, it } from 'vitest';
import { formatLeft, urgencyOf } from './countdown';

describe('formatLeft', () => {
  it('writes minutes and seconds under an hour, hours above, never below zero', () => {
    expect(formatLeft(65_000)).toBe('1:05');
    expect(formatLeft(59_001)).toBe('1:00');
    expect(formatLeft(3_600_000 + 61_000)).toBe('1:01:01');
    expect(formatLeft(-5000)).toBe('0:00');
  });
});

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
