/**
 * The rules of an award (issue 25): a non-zero number of points, a reason that is not blank, and a
 * time within the game (start ≤ time < end, the span in which solves count). Without a time an
 * award counts now, or at the nearest moment of the game when now lies outside it (an award given
 * after the end counts at the game's last millisecond, one given before the start at the start).
 */
import { InvalidInput } from './errors.js';

export interface AwardSpan {
  start: number;
  end: number;
}

/** The time an award counts at: the one given, checked, or now within the game. */
export function awardTime(game: AwardSpan, time: number | null | undefined, now: number): number {
  if (time === null || time === undefined) {
    return Math.max(game.start, Math.min(now, game.end - 1));
  }
  if (time < game.start || time >= game.end) {
    throw new InvalidInput('The award time must lie within the game (from its start to its end)');
  }
  return time;
}

/** The value as given, or 400 for 0 (an award of no points changes nothing). */
export function awardValue(value: number): number {
  if (value === 0) throw new InvalidInput('An award must give or take at least one point');
  return value;
}

/** The reason trimmed, or 400 when it is blank. */
export function awardReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') throw new InvalidInput('An award needs a reason');
  return trimmed;
}
