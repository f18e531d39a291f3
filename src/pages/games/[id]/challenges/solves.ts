/**
 * What the team solved: the counted solves of its scoreboard row (with the blood each took), plus
 * the flags accepted in this visit that the board does not count — practice-mode solves after the
 * end, or a solve the board has not caught up with yet.
 */
import type { TeamGameView } from '@/api/types';
import type { Blood } from '@/components/challenge/BloodIcon';

export type { Blood };

export interface TeamSolve {
  blood?: Blood;
}

const BLOODS: readonly string[] = ['FirstBlood', 'SecondBlood', 'ThirdBlood'];
const isBlood = (type: string): type is Blood => BLOODS.includes(type);

export function teamSolves(
  view: TeamGameView | undefined,
  acceptedHere: ReadonlySet<number>,
): Map<number, TeamSolve> {
  const solves = new Map<number, TeamSolve>();
  for (const id of acceptedHere) solves.set(id, {});
  for (const item of view?.rank?.solvedChallenges ?? []) {
    solves.set(item.id, isBlood(item.type) ? { blood: item.type } : {});
  }
  return solves;
}
