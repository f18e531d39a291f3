import { describe, expect, it } from 'vitest';
import { challengeScore, minimumScore } from '#server/domain/scoring/dynamicScore.js';

const series = (originalScore: number, minScoreRate: number, difficulty: number, upTo: number) =>
  Array.from({ length: upTo }, (_, i) =>
    challengeScore({ originalScore, minScoreRate, difficulty }, i + 1),
  );

describe('dynamic challenge score', () => {
  it('reproduces the reference values with the defaults (1000, 0.25, 5)', () => {
    expect(series(1000, 0.25, 5, 15)).toEqual([
      1000, 864, 752, 661, 586, 525, 475, 434, 401, 373, 351, 333, 318, 305, 295,
    ]);
  });

  it('reproduces the reference values for other settings', () => {
    expect(series(1000, 0.2, 10, 10)).toEqual([1000, 923, 854, 792, 736, 685, 639, 597, 559, 525]);
    expect(series(1000, 0.8, 5, 5)).toEqual([1000, 963, 934, 909, 889]);
    expect(series(500, 0.5, 2, 7)).toEqual([500, 401, 341, 305, 283, 270, 262]);
  });

  it('gives full points to no solver and to the first solver', () => {
    const settings = { originalScore: 700, minScoreRate: 0.1, difficulty: 3 };
    expect(challengeScore(settings, 0)).toBe(700);
    expect(challengeScore(settings, 1)).toBe(700);
  });

  it('never increases and never drops below ⌊r·O⌋', () => {
    const settings = { originalScore: 1000, minScoreRate: 0.25, difficulty: 5 };
    let previous = Infinity;
    for (let n = 0; n <= 500; n++) {
      const score = challengeScore(settings, n);
      expect(score).toBeLessThanOrEqual(previous);
      expect(score).toBeGreaterThanOrEqual(minimumScore(settings));
      previous = score;
    }
    expect(challengeScore(settings, 500)).toBe(250);
  });

  it('decays slower with a larger difficulty', () => {
    const slow = challengeScore({ originalScore: 1000, minScoreRate: 0.25, difficulty: 20 }, 5);
    const fast = challengeScore({ originalScore: 1000, minScoreRate: 0.25, difficulty: 2 }, 5);
    expect(slow).toBeGreaterThan(fast);
  });

  it('is static with r = 1', () => {
    expect(series(500, 1, 5, 20).every((s) => s === 500)).toBe(true);
  });

  it('stays within [0, O] for settings the reference leaves unchecked', () => {
    expect(challengeScore({ originalScore: 1000, minScoreRate: 0.5, difficulty: 0 }, 3)).toBe(500);
    expect(challengeScore({ originalScore: 1000, minScoreRate: 0.5, difficulty: -5 }, 3)).toBe(500);
    expect(challengeScore({ originalScore: 1000, minScoreRate: 2, difficulty: 5 }, 3)).toBe(1000);
    expect(challengeScore({ originalScore: 1000, minScoreRate: -1, difficulty: 5 }, 50)).toBe(0);
  });

  it('reports the minimum score as ⌊r·O⌋', () => {
    expect(minimumScore({ originalScore: 1000, minScoreRate: 0.25, difficulty: 5 })).toBe(250);
    expect(minimumScore({ originalScore: 333, minScoreRate: 0.5, difficulty: 5 })).toBe(166);
  });
});
