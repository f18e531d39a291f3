import { describe, expect, it } from 'vitest';
import { dynamicScore, isPlottable, scoreCurve } from './score';

const solves = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('dynamicScore (behaviour.md §1.2 reference values)', () => {
  it('O=1000, r=0.25, d=5 (the defaults), n = 1..15', () => {
    const params = { originalScore: 1000, minScoreRate: 0.25, difficulty: 5 };
    expect(solves(1, 15).map((n) => dynamicScore(params, n))).toEqual([
      1000, 864, 752, 661, 586, 525, 475, 434, 401, 373, 351, 333, 318, 305, 295,
    ]);
  });

  it('O=1000, r=0.2, d=10 and O=1000, r=0.8, d=5', () => {
    const slow = { originalScore: 1000, minScoreRate: 0.2, difficulty: 10 };
    expect(solves(1, 10).map((n) => dynamicScore(slow, n))).toEqual([
      1000, 923, 854, 792, 736, 685, 639, 597, 559, 525,
    ]);
    const high = { originalScore: 1000, minScoreRate: 0.8, difficulty: 5 };
    expect(solves(1, 5).map((n) => dynamicScore(high, n))).toEqual([1000, 963, 934, 909, 889]);
  });

  it('O=500, r=0.5, d=2', () => {
    const params = { originalScore: 500, minScoreRate: 0.5, difficulty: 2 };
    expect(solves(1, 7).map((n) => dynamicScore(params, n))).toEqual([
      500, 401, 341, 305, 283, 270, 262,
    ]);
  });

  it('is O for no solve, never below ⌊O·r⌋, and flat with r = 1', () => {
    const params = { originalScore: 1000, minScoreRate: 0.25, difficulty: 5 };
    expect(dynamicScore(params, 0)).toBe(1000);
    expect(dynamicScore(params, 10_000)).toBe(250);
    const curve = scoreCurve(params);
    expect(curve).toHaveLength(51);
    expect(curve.every((score, n) => n === 0 || score <= curve[n - 1])).toBe(true);
    expect(new Set(scoreCurve({ ...params, minScoreRate: 1 }))).toEqual(new Set([1000]));
  });

  it('plots only parameters that make a curve', () => {
    expect(isPlottable({ originalScore: 1000, minScoreRate: 0.25, difficulty: 5 })).toBe(true);
    expect(isPlottable({ originalScore: 1000, minScoreRate: 0.25, difficulty: 0 })).toBe(false);
    expect(isPlottable({ originalScore: 1000, minScoreRate: 1.5, difficulty: 5 })).toBe(false);
    expect(isPlottable({ originalScore: undefined, minScoreRate: 0.2, difficulty: 5 })).toBe(false);
  });
});
