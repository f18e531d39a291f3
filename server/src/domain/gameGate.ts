/**
 * The participation gate (contract §0.7) shared by the team-facing game endpoints, first failure
 * wins: game missing → 404; no registration → 400; registration not Accepted → 400; not started →
 * 400 (body status 400); where ended is blocked, ended outside practice mode → 400 (body status
 * 10002). Pure: the caller loads the rows.
 */
import { NotFound, Refused } from './errors.js';

/** Body `status` of "the game has ended". */
export const GAME_ENDED_STATUS = 10002;

export interface GateGame {
  start: number;
  end: number;
  practiceMode: boolean;
}

export interface GateParticipation {
  status: string;
}

export const gameNotFound = () => new NotFound('The game was not found');
export const gameNotStarted = () => new Refused('The game has not started');
export const gameEnded = () => new Refused('The game has ended', { code: GAME_ENDED_STATUS });

export const hasStarted = (game: GateGame, now: number): boolean => now >= game.start;

/** Ended outside practice mode: `end < now` and no practice mode (the boundary is open). */
export const isClosed = (game: GateGame, now: number): boolean =>
  game.end < now && !game.practiceMode;

/** Whether a solve at `time` counts (strictly before the end). */
export const countsForScore = (game: GateGame, time: number): boolean => time < game.end;

/** Throws the first failing check of the gate. */
export function checkGate<G extends GateGame, P extends GateParticipation>(
  game: G | null,
  participation: P | null,
  now: number,
  options: { endedBlocked: boolean },
): asserts participation is P {
  if (!game) throw gameNotFound();
  if (!participation) throw new Refused('You have not participated in the game');
  if (participation.status !== 'Accepted') {
    throw new Refused('Your registration has been rejected or banned');
  }
  if (!hasStarted(game, now)) throw gameNotStarted();
  if (options.endedBlocked && isClosed(game, now)) throw gameEnded();
}

/** The monitor endpoints' checks: game missing → 404, not started → 400. */
export function checkMonitorGame<G extends GateGame>(
  game: G | null,
  now: number,
): asserts game is G {
  if (!game) throw gameNotFound();
  if (!hasStarted(game, now)) throw gameNotStarted();
}
