/**
 * Which solves count and which of them are bloods (behaviour §1.3): per team and challenge the
 * earliest solve counts; walking the counted solves in solve order (the order the flag checker
 * counted them, which also decided the blood notices; time order for solves without one), the
 * first three of a challenge are its first, second and third blood unless the challenge disables
 * bloods. Solves keep their time order.
 *
 * This runs at every build of a board, over every solve of the game (tens of thousands at 1,000
 * teams), so it works on positions in typed arrays rather than maps keyed by objects or strings.
 */
import { solvePoints, type BloodBonus } from './bloodBonus.js';
import { challengeScore } from './dynamicScore.js';
import type { ScoringChallenge, ScoringSolve, ScoringTeam, SubmissionType } from './types.js';

const BLOOD_TYPES: readonly SubmissionType[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];
/** Places that are bloods: first, second, third. */
const BLOOD_PLACES = 3;

export interface CountedSolve extends ScoringSolve {
  type: SubmissionType;
  /** 0, 1 or 2 for a blood, else null. */
  blood: number | null;
  points: number;
}

const byTime = (a: ScoringSolve, b: ScoringSolve) => a.time - b.time || a.id - b.id;
const bySolveOrder = (a: ScoringSolve, b: ScoringSolve) =>
  (a.solveOrder ?? Infinity) - (b.solveOrder ?? Infinity) || byTime(a, b);

/** The earliest solves with, for each, the position of its challenge in `challenges`. */
interface Earliest {
  solves: ScoringSolve[];
  challengeAt: number[];
}

function earliestWithPositions(
  solves: readonly ScoringSolve[],
  teams: readonly ScoringTeam[],
  challenges: readonly ScoringChallenge[],
): Earliest {
  const teamAt = new Map<number, number>();
  teams.forEach((team, index) => teamAt.set(team.participationId, index));
  const challengeAt = new Map<number, number>();
  challenges.forEach((challenge, index) => challengeAt.set(challenge.id, index));
  // One flag per (team, challenge): has the team a counted solve of it yet.
  const solved = new Uint8Array(teams.length * challenges.length);
  const result: Earliest = { solves: [], challengeAt: [] };
  for (const solve of [...solves].sort(byTime)) {
    const team = teamAt.get(solve.participationId);
    const challenge = challengeAt.get(solve.challengeId);
    if (team === undefined || challenge === undefined) continue;
    const cell = team * challenges.length + challenge;
    if (solved[cell]) continue;
    solved[cell] = 1;
    result.solves.push(solve);
    result.challengeAt.push(challenge);
  }
  return result;
}

/** Earliest solve per (team, challenge), only of the given teams and challenges, in time order. */
export function earliestSolves(
  solves: readonly ScoringSolve[],
  teams: readonly ScoringTeam[],
  challenges: readonly ScoringChallenge[],
): ScoringSolve[] {
  return earliestWithPositions(solves, teams, challenges).solves;
}

/**
 * The blood place (0, 1, 2) of each counted solve, -1 for none. Solve order is: the solves with
 * a solve order by that order (then time), then the others in time order — so only the first
 * three solvers of each challenge in that walk are looked at.
 */
function bloodPlaces(counted: Earliest, challengeCount: number): Int8Array {
  const places = new Int8Array(counted.solves.length).fill(-1);
  const solversSoFar = new Uint32Array(challengeCount);
  const place = (index: number) => {
    const challenge = counted.challengeAt[index];
    const so = solversSoFar[challenge]++;
    if (so < BLOOD_PLACES) places[index] = so;
  };
  const ordered: number[] = [];
  counted.solves.forEach((solve, index) => {
    if (solve.solveOrder != null) ordered.push(index);
  });
  ordered.sort((a, b) => bySolveOrder(counted.solves[a], counted.solves[b]));
  for (const index of ordered) place(index);
  counted.solves.forEach((solve, index) => {
    if (solve.solveOrder == null && solversSoFar[counted.challengeAt[index]] < BLOOD_PLACES) {
      place(index);
    }
  });
  return places;
}

/** The counted solves in time order, each with its blood and points. */
export function countSolves(
  solves: readonly ScoringSolve[],
  teams: readonly ScoringTeam[],
  challenges: readonly ScoringChallenge[],
  bonus: BloodBonus,
): CountedSolve[] {
  const scores = challenges.map((c) => challengeScore(c, c.acceptedCount));
  const counted = earliestWithPositions(solves, teams, challenges);
  const places = bloodPlaces(counted, challenges.length);
  return counted.solves.map((solve, index): CountedSolve => {
    const at = counted.challengeAt[index];
    const place = places[index];
    const blood = !challenges[at].disableBloodBonus && place >= 0 ? place : null;
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
      points: solvePoints(scores[at], bonus, blood),
    };
  });
}
