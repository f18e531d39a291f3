/**
 * Hint prices as score adjustments (issue 25). With the `AtUnlock` policy a team pays a costed
 * hint when it unlocks it; with `OnSolve` it pays only if it solves the challenge after unlocking
 * the hint, and then at the time of that solve (so the time line steps there, and a solve after
 * the scoreboard freeze hides its price with it). A hint unlocked after the team's solve costs
 * nothing under `OnSolve`: it could not have helped. Prices of disabled challenges do not count,
 * as their solves do not.
 */
import type { ScoreAdjustment, ScoringChallenge, ScoringSolve } from './types.js';

export type HintPolicy = 'AtUnlock' | 'OnSolve';

/** A paid unlock as the board reads it (cost > 0, before the end). */
export interface PaidUnlock {
  id: number;
  participationId: number;
  challengeId: number;
  cost: number;
  time: number;
}

const key = (participationId: number, challengeId: number) => `${participationId}:${challengeId}`;

export function hintPriceAdjustments(
  policy: HintPolicy,
  unlocks: readonly PaidUnlock[],
  challenges: readonly Pick<ScoringChallenge, 'id'>[],
  solves: readonly Pick<ScoringSolve, 'participationId' | 'challengeId' | 'time'>[],
): ScoreAdjustment[] {
  if (unlocks.length === 0) return [];
  const enabled = new Set(challenges.map((c) => c.id));
  const counted = unlocks.filter((unlock) => enabled.has(unlock.challengeId));
  const price = (unlock: PaidUnlock, time: number): ScoreAdjustment => ({
    id: unlock.id,
    participationId: unlock.participationId,
    points: -unlock.cost,
    time,
    kind: 'HintPrice',
    reason: '',
  });
  if (policy === 'AtUnlock') return counted.map((unlock) => price(unlock, unlock.time));
  // The team's first solve of each challenge it unlocked a hint of.
  const wanted = new Set(counted.map((u) => key(u.participationId, u.challengeId)));
  const solvedAt = new Map<string, number>();
  for (const solve of solves) {
    const k = key(solve.participationId, solve.challengeId);
    if (!wanted.has(k)) continue;
    const seen = solvedAt.get(k);
    if (seen === undefined || solve.time < seen) solvedAt.set(k, solve.time);
  }
  const adjustments: ScoreAdjustment[] = [];
  for (const unlock of counted) {
    const solved = solvedAt.get(key(unlock.participationId, unlock.challengeId));
    if (solved !== undefined && solved >= unlock.time) adjustments.push(price(unlock, solved));
  }
  return adjustments;
}
