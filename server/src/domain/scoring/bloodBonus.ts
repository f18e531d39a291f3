/**
 * Blood bonus (behaviour §1.3): one integer per game packs three per-mille bonuses, for the
 * first, second and third solve of a challenge: value = b1·2^20 + b2·2^10 + b3.
 */

/** (50, 30, 10) per mille: +5 %, +3 %, +1 %. */
export const DEFAULT_BLOOD_BONUS = 52_459_530;

const FIELD = 1 << 10;
const LIMIT = 2 ** 30;

export interface BloodBonus {
  /** The packed value actually in force (the default when the stored one is invalid). */
  value: number;
  /** Per-mille bonus of the first, second and third blood, each 0–1000. */
  perMille: readonly [number, number, number];
}

export function packBloodBonus(first: number, second: number, third: number): number {
  return first * FIELD * FIELD + second * FIELD + third;
}

/**
 * Decodes a stored value. A field above 1000 makes the whole value invalid, and the default
 * applies; so does anything that is not an integer in [0, 2^30) (Vexil: the reference masks
 * such values instead).
 */
export function parseBloodBonus(value: number): BloodBonus {
  if (!Number.isInteger(value) || value < 0 || value >= LIMIT) return defaultBonus();
  const first = Math.floor(value / (FIELD * FIELD)) % FIELD;
  const second = Math.floor(value / FIELD) % FIELD;
  const third = value % FIELD;
  if (first > 1000 || second > 1000 || third > 1000) return defaultBonus();
  return { value, perMille: [first, second, third] };
}

function defaultBonus(): BloodBonus {
  return { value: DEFAULT_BLOOD_BONUS, perMille: [50, 30, 10] };
}

/** Ties go to the even neighbour (banker's rounding), as .NET's default conversion does. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const rest = value - floor;
  if (rest < 0.5) return floor;
  if (rest > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Points for one solve worth `score`: with a blood (0 = first, 1 = second, 2 = third) and a
 * non-zero bonus, score × (1 + b/1000) computed in single precision like the reference, then
 * rounded half to even (250 × 1.05 → 262); otherwise the plain score.
 */
export function solvePoints(score: number, bonus: BloodBonus, blood: number | null): number {
  if (bonus.value === 0 || blood === null || blood < 0 || blood > 2) return score;
  const factor = Math.fround(Math.fround(bonus.perMille[blood] / 1000) + 1);
  return roundHalfEven(Math.fround(Math.fround(score) * factor));
}
