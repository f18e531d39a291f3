/**
 * The scoreboard freeze (issue 17): the board as it stood at the freeze is the board of the solves
 * made before it, with each challenge's solve count as it was then, so that neither the scores
 * (dynamic scoring decays with every solve) nor the counts tell of later solves. Awards and other
 * adjustments (issue 25) are held back the same way: those at or after the freeze are left out.
 */
import type { ScoreboardInput } from './types.js';

/** The input of the frozen board: solves before `freezeTime`, counts and time as they were then. */
export function frozenInput(input: ScoreboardInput, freezeTime: number): ScoreboardInput {
  // Each team's first solve of each challenge; teams whose first solve came at or after the
  // freeze were counted in the stored solve count since, so they are taken off it again.
  const firstSolve = new Map<number, Map<number, number>>();
  for (const solve of input.solves) {
    const byChallenge = firstSolve.get(solve.participationId) ?? new Map<number, number>();
    const time = byChallenge.get(solve.challengeId);
    if (time === undefined || solve.time < time) byChallenge.set(solve.challengeId, solve.time);
    firstSolve.set(solve.participationId, byChallenge);
  }
  const lateSolvers = new Map<number, number>();
  for (const byChallenge of firstSolve.values()) {
    for (const [challengeId, time] of byChallenge) {
      if (time >= freezeTime) lateSolvers.set(challengeId, (lateSolvers.get(challengeId) ?? 0) + 1);
    }
  }
  return {
    ...input,
    challenges: input.challenges.map((challenge) => {
      const late = lateSolvers.get(challenge.id) ?? 0;
      return late === 0
        ? challenge
        : { ...challenge, acceptedCount: Math.max(0, challenge.acceptedCount - late) };
    }),
    solves: input.solves.filter((solve) => solve.time < freezeTime),
    ...(input.adjustments && {
      adjustments: input.adjustments.filter((adjustment) => adjustment.time < freezeTime),
    }),
    now: freezeTime,
  };
}

/** Whether any solve (or award, or other adjustment) of the input is at or after the freeze. */
export const hasSolvesSince = (input: ScoreboardInput, freezeTime: number): boolean =>
  input.solves.some((solve) => solve.time >= freezeTime) ||
  (input.adjustments ?? []).some((adjustment) => adjustment.time >= freezeTime);

/** Whether the public board is frozen at `now`: a freeze is set, has passed, and the game runs. */
export const isBoardFrozen = (
  game: { end: number; freezeTime: number | null },
  now: number,
): boolean => game.freezeTime !== null && game.freezeTime <= now && now < game.end;
