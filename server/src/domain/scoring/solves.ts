/**
 * Which solves count and which of them are bloods (behaviour §1.3): per team and challenge the
 * earliest solve counts; walking the counted solves in solve order (the order the flag checker
 * counted them, which also decided the blood notices; time order for solves without one), the
 * first three of a challenge are its first, second and third blood unless the challenge disables
 * bloods. Solves keep their time order.
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
const bySolveOrder = (a: ScoringSolve, b: ScoringSolve) =>
  (a.solveOrder ?? Infinity) - (b.solveOrder ?? Infinity) || byTime(a, b);

/** The place (0, 1, 2 …) of every solve among the solvers of its challenge, in solve order. */
function solverPlaces(solves: readonly ScoringSolve[]): Map<ScoringSolve, number> {
  const places = new Map<ScoringSolve, number>();
  const solversSoFar = new Map<number, number>();
  for (const solve of [...solves].sort(bySolveOrder)) {
    const place = solversSoFar.get(solve.challengeId) ?? 0;
    solversSoFar.set(solve.challengeId, place + 1);
    places.set(solve, place);
  }
  return places;
}

/** Earliest solve per (team, challenge), only of the given teams and challenges, in time order. */
export function earliestSolves(
  solves: readonly ScoringSolve[],
  teams: readonly ScoringTeam[],
  challenges: readonly ScoringChallenge[],
): ScoringSolve[] {
  const challengeIds = new Set(challenges.map((c) => c.id));
  // Per team, the challenges it already has a counted solve of (numbers, not string keys: this
  // runs over every solve of a 1,000-team board).
  const solvedBy = new Map<number, Set<number>>(teams.map((t) => [t.participationId, new Set()]));
  const result: ScoringSolve[] = [];
  for (const solve of [...solves].sort(byTime)) {
    const solved = solvedBy.get(solve.participationId);
    if (!solved || !challengeIds.has(solve.challengeId) || solved.has(solve.challengeId)) continue;
    solved.add(solve.challengeId);
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
  const counted = earliestSolves(solves, teams, challenges);
  const places = solverPlaces(counted);
  return counted.map((solve): CountedSolve => {
    const challenge = challengeById.get(solve.challengeId)!;
    const place = places.get(solve)!;
    const blood = !challenge.disableBloodBonus && place < 3 ? place : null;
    // Written out rather than spread: one object shape for every solve keeps this loop fast.
    return {
      id: solve.id,
      participationId: solve.participationId,
      challengeId: solve.challengeId,
      userName: solve.userName,
      time: solve.time,
      solveOrder: solve.solveOrder,
      type: blood === null ? 'Normal' : BLOOD_TYPES[blood],
      blood,
      points: solvePoints(scoreById.get(challenge.id)!, bonus, blood),
    };
  });
}
