/**
 * CTFd's dynamic value as closely as Vexil's dynamic score can follow it. CTFd 3.x lowers a
 * challenge's value with each solve after the first (k = solves − 1):
 *   linear:      initial − decay · k
 *   logarithmic: initial − (initial − minimum) · (k / decay)²   (a parabola, despite its name)
 * rounded up and never below `minimum`. Vexil's curve (scoring/dynamicScore.ts) is
 *   O · (r + (1 − r) · e^(−k/d)), rounded down,
 * so O = initial and r = minimum / initial match exactly, and the decay constant d is the one
 * that follows CTFd's values best (least squares) over the solves until CTFd reaches its minimum
 * and as many again. The two curves differ in shape; the import reports by how much at most.
 */
import { challengeScore } from '../scoring/dynamicScore.js';

export interface CtfdDecay {
  function: string;
  initial: number;
  minimum: number;
  decay: number;
}

export interface VexilDecay {
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  /** The largest difference between the two values over the fitted solves, and where. */
  maxDifference: number;
  atSolves: number;
  /** How many solves the fit covered. */
  solvesCompared: number;
}

const MAX_SOLVES_COMPARED = 1000;
/** Vexil's default decay constant, kept where the curve is flat and any value would do. */
export const DEFAULT_DIFFICULTY = 5;

/** CTFd's value after `solves` solves (CTFd/plugins/dynamic_challenges/decay.py). */
export function ctfdValue(decay: CtfdDecay, solves: number): number {
  const k = Math.max(0, solves - 1);
  const { initial, minimum } = decay;
  let value: number;
  if (decay.function === 'linear') value = initial - decay.decay * k;
  else if (decay.decay === 0) value = initial;
  else value = ((minimum - initial) / decay.decay ** 2) * k ** 2 + initial;
  return Math.max(minimum, Math.ceil(value));
}

/** Solves until CTFd's value reaches its minimum. */
function solvesToMinimum(decay: CtfdDecay): number {
  const span = decay.initial - decay.minimum;
  if (span <= 0 || decay.decay <= 0) return 1;
  const k = decay.function === 'linear' ? span / decay.decay : decay.decay;
  return Math.ceil(k) + 1;
}

/** The decay constant with the least `error`: a coarse logarithmic scan, then golden-section
 *  search around the best point (the error has one valley in practice). */
function bestDifficulty(error: (difficulty: number) => number): number {
  let best = 1;
  let bestError = Infinity;
  for (let exponent = -1; exponent <= 4; exponent += 0.05) {
    const difficulty = 10 ** exponent;
    const e = error(difficulty);
    if (e < bestError) [best, bestError] = [difficulty, e];
  }
  let low = best / 1.13;
  let high = best * 1.13;
  const ratio = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = high - ratio * (high - low);
    const b = low + ratio * (high - low);
    if (error(a) <= error(b)) high = b;
    else low = a;
  }
  return Math.round(((low + high) / 2) * 100) / 100;
}

export function fitCtfdDecay(decay: CtfdDecay): VexilDecay {
  const originalScore = Math.max(0, decay.initial);
  const minScoreRate =
    originalScore > 0 ? Math.min(1, Math.max(0, decay.minimum / originalScore)) : 1;
  const solvesCompared = Math.min(MAX_SOLVES_COMPARED, 2 * solvesToMinimum(decay));
  const vexil = (difficulty: number, solves: number) =>
    challengeScore({ originalScore, minScoreRate, difficulty }, solves);
  const error = (difficulty: number) => {
    let sum = 0;
    for (let n = 1; n <= solvesCompared; n++)
      sum += (vexil(difficulty, n) - ctfdValue(decay, n)) ** 2;
    return sum;
  };
  // A flat curve (minimum ≥ initial) decays with any constant: keep the default.
  const difficulty = minScoreRate >= 1 ? DEFAULT_DIFFICULTY : bestDifficulty(error);
  let maxDifference = 0;
  let atSolves = 1;
  for (let n = 1; n <= solvesCompared; n++) {
    const difference = Math.abs(vexil(difficulty, n) - ctfdValue(decay, n));
    if (difference > maxDifference) [maxDifference, atSolves] = [difference, n];
  }
  return { originalScore, minScoreRate, difficulty, maxDifference, atSolves, solvesCompared };
}
