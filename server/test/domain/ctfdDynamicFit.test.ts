// CTFd's dynamic value, and the Vexil decay constant fitted to it for an import.
import { describe, expect, it } from 'vitest';
import { ctfdValue, fitCtfdDecay } from '#server/domain/ctfd/dynamicFit.js';
import { challengeScore } from '#server/domain/scoring/dynamicScore.js';

const parabola = { function: 'logarithmic', initial: 500, minimum: 100, decay: 10 };
const linear = { function: 'linear', initial: 500, minimum: 100, decay: 20 };

describe("CTFd's dynamic value", () => {
  it('follows CTFd 3.x: the first solve keeps the initial value, then the curve, never below the minimum', () => {
    expect([0, 1, 2, 6, 11, 50].map((n) => ctfdValue(parabola, n))).toEqual([
      500, 500, 496, 400, 100, 100,
    ]);
    expect([1, 2, 11, 21, 22, 100].map((n) => ctfdValue(linear, n))).toEqual([
      500, 480, 300, 100, 100, 100,
    ]);
    expect(ctfdValue({ ...parabola, decay: 0 }, 9)).toBe(500);
  });
});

describe('fitting Vexil’s decay to it', () => {
  it('keeps the initial value and floor, and follows the curve better than the default constant', () => {
    for (const decay of [parabola, linear]) {
      const fit = fitCtfdDecay(decay);
      expect(fit).toMatchObject({ originalScore: 500, minScoreRate: 0.2 });
      const gap = (difficulty: number) =>
        Array.from({ length: fit.solvesCompared }, (_, i) => i + 1).reduce(
          (sum, n) =>
            sum +
            (challengeScore({ originalScore: 500, minScoreRate: 0.2, difficulty }, n) -
              ctfdValue(decay, n)) **
              2,
          0,
        );
      expect(gap(fit.difficulty)).toBeLessThan(gap(5));
      expect(gap(fit.difficulty)).toBeLessThanOrEqual(gap(fit.difficulty * 1.1));
      expect(gap(fit.difficulty)).toBeLessThanOrEqual(gap(fit.difficulty / 1.1));
      // The report's largest difference is a real one, at the solves it names.
      const at = fit.atSolves;
      expect(
        Math.abs(
          challengeScore(
            { originalScore: 500, minScoreRate: 0.2, difficulty: fit.difficulty },
            at,
          ) - ctfdValue(decay, at),
        ),
      ).toBe(fit.maxDifference);
    }
  });

  it('keeps a flat curve flat', () => {
    expect(fitCtfdDecay({ ...parabola, minimum: 500 })).toMatchObject({
      minScoreRate: 1,
      maxDifference: 0,
    });
    expect(fitCtfdDecay({ ...parabola, initial: 0, minimum: 0 })).toMatchObject({
      originalScore: 0,
      minScoreRate: 1,
    });
  });
});
