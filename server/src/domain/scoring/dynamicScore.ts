/**
 * A challenge's dynamic score (behaviour §1.2): full points for the first solver, then an
 * exponential decay towards `minScoreRate × originalScore` as more teams solve it. Retroactive:
 * every solver gets the current value.
 */
export interface DynamicScoreSettings {
  /** O: base points. */
  originalScore: number;
  /** r: floor fraction in [0, 1]. */
  minScoreRate: number;
  /** d: decay constant; larger decays slower (one e-folding every d extra solves). */
  difficulty: number;
}

/**
 * S(n) = O when n ≤ 1, else ⌊O · (r + (1 − r) · e^((1 − n)/d))⌋, in double precision.
 * Vexil keeps the result within [0, O] even for settings the reference leaves unchecked
 * (a rate outside [0, 1], a difficulty ≤ 0).
 */
export function challengeScore(settings: DynamicScoreSettings, acceptedCount: number): number {
  const { originalScore, minScoreRate, difficulty } = settings;
  if (acceptedCount <= 1) return originalScore;
  const rate = Math.min(1, Math.max(0, minScoreRate));
  const decay = difficulty > 0 ? Math.exp((1 - acceptedCount) / difficulty) : 0;
  const score = Math.floor(originalScore * (rate + (1 - rate) * decay));
  return Math.min(originalScore, Math.max(0, score));
}

/** The lowest score the challenge can decay to: ⌊r · O⌋ (shown in the admin list). */
export function minimumScore(settings: DynamicScoreSettings): number {
  return Math.floor(settings.minScoreRate * settings.originalScore);
}
