/**
 * Score adjustments: changes of a team's score at a time that are not solves. An organiser's
 * award (issue 25) is one; a hint's price can be another. The board adds them to the team's
 * total, steps its time line at their time, and counts their time as a change of score for the
 * tie rule (whoever reached the score first ranks first). The scoreboard freeze hides those at or
 * after the freeze, like solves (freeze.ts).
 */
import type { ScoreAdjustment, ScoreboardAward, ScoreboardHintPrice } from './types.js';

/** The adjustments of each team, by participation, each list in time order (then id). */
export function adjustmentsByTeam(
  adjustments: readonly ScoreAdjustment[],
): Map<number, ScoreAdjustment[]> {
  const byTeam = new Map<number, ScoreAdjustment[]>();
  const ordered = [...adjustments].sort((a, b) => a.time - b.time || a.id - b.id);
  for (const adjustment of ordered) {
    const list = byTeam.get(adjustment.participationId);
    if (list) list.push(adjustment);
    else byTeam.set(adjustment.participationId, [adjustment]);
  }
  return byTeam;
}

/** The awards of a team's row as the board lists them. */
export function awardsOf(adjustments: readonly ScoreAdjustment[]): ScoreboardAward[] {
  return adjustments
    .filter((adjustment) => adjustment.kind === 'Award')
    .map(({ id, points, reason, time }) => ({ id, value: points, reason, time }));
}

/** The hint prices of a team's row as the board lists them (so that its score adds up). */
export function hintPricesOf(adjustments: readonly ScoreAdjustment[]): ScoreboardHintPrice[] {
  return adjustments
    .filter((adjustment) => adjustment.kind === 'HintPrice')
    .map(({ points, time }) => ({ value: points, time }));
}

/** One step of a team's score, a solve or an adjustment, for its time line. */
export interface ScoreStep {
  time: number;
  points: number;
}

/** Two lists of steps in time order as one (solves first on an equal time). */
export function mergeSteps(
  solves: readonly ScoreStep[],
  others: readonly ScoreStep[],
): ScoreStep[] {
  if (others.length === 0) return solves as ScoreStep[];
  const merged: ScoreStep[] = [];
  let i = 0;
  let j = 0;
  while (i < solves.length && j < others.length) {
    merged.push(solves[i].time <= others[j].time ? solves[i++] : others[j++]);
  }
  while (i < solves.length) merged.push(solves[i++]);
  while (j < others.length) merged.push(others[j++]);
  return merged;
}
