/**
 * The dynamic score of a challenge (behaviour.md §1.2):
 *
 *   S(n) = O                                        if n ≤ 1
 *   S(n) = ⌊ O · ( r + (1 − r) · e^((1 − n)/d) ) ⌋   if n ≥ 2
 *
 * O = originalScore, r = minScoreRate, d = difficulty (larger decays slower), n = solves.
 */
export interface ScoreParams {
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
}

export function dynamicScore({ originalScore, minScoreRate, difficulty }: ScoreParams, n: number) {
  if (n <= 1) return originalScore;
  return Math.floor(
    originalScore * (minScoreRate + (1 - minScoreRate) * Math.exp((1 - n) / difficulty)),
  );
}

/** Whether the parameters make a curve (the form may hold anything while it is typed in). */
export function isPlottable(params: Partial<ScoreParams>): params is ScoreParams {
  const { originalScore, minScoreRate, difficulty } = params;
  const finite = (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value);
  return (
    finite(originalScore) &&
    originalScore >= 0 &&
    finite(minScoreRate) &&
    minScoreRate >= 0 &&
    minScoreRate <= 1 &&
    finite(difficulty) &&
    difficulty > 0
  );
}

/** S(0) … S(maxSolves). */
export const scoreCurve = (params: ScoreParams, maxSolves = 50) =>
  Array.from({ length: maxSolves + 1 }, (_, n) => dynamicScore(params, n));
