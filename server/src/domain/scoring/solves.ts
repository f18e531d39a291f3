/**
 * Which solves count and which of them are bloods (behaviour §1.3): per team and challenge the
 * earliest solve counts; walking the counted solves in time order, the first three of a challenge
 * are its first, second and third blood unless the challenge disables bloods.
 */
import { solvePoints, type BloodBonus } from './bloodBonus.js';
import { challengeScore } from './dynamicScore.js';
import type { ScoringChallenge, ScoringSolve, ScoringTeam, SubmissionType } from './types.js';

const BLOOD_TYPES: readonly SubmissionType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];

export interface CountedSolve extends ScoringSolve {
  type: SubmissionType;
  /** 0, 1 or 2 for a blood, else null. */
  blood: number | null;
  points: number;
}

const byTime = (a: ScoringSolve, b: ScoringSolve) => a.time - b.time || a.id - b.id;

/** Earliest solve per (team, challenge), only of the given teams and challenges, in time order. */
export function earliestSolves(
  solves: readonly ScoringSolve[],
  teams: readonly ScoringTeam[],
  challenges: readonly ScoringChallenge[],
): ScoringSolve[] {
  const teamIds = new Set(teams.map((t) => t.participationId));
  const challengeIds = new Set(challenges.map((c) => c.id));
  const seen = new Set<string>();
  const result: ScoringSolve[] = [];
  for (const solve of [...solves].sort(byTime)) {
    if (!teamIds.has(solve.participationId) || !challengeIds.has(solve.challengeId)) continue;
    const key = `${solve.participationId}:${solve.challengeId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(solve);
  }
  return result;
}

/** The counted solves in time order, each with its blood and points. */
export function countSolves(
  solves: readonly ScoringSolve[],
  teams: readonly ScoringTeam[],
  challenges: readonly ScoringChallenge[],
  bonus: BloodBonus,
): CountedSolve[] {
  const challengeById = new Map(challenges.map((c) => [c.id, c]));
  const scoreById = new Map(challenges.map((c) => [c.id, challengeScore(c, c.acceptedCount)]));
  const solversSoFar = new Map<number, number>();
  return earliestSolves(solves, teams, challenges).map((solve) => {
    const challenge = challengeById.get(solve.challengeId)!;
    const order = solversSoFar.get(challenge.id) ?? 0;
    solversSoFar.set(challenge.id, order + 1);
    const blood = !challenge.disableBloodBonus && order < 3 ? order : null;
    return {
      ...solve,
      type: blood === null ? 'Normal' : BLOOD_TYPES[blood],
      blood,
      points: solvePoints(scoreById.get(challenge.id)!, bonus, blood),
    };
  });
}
