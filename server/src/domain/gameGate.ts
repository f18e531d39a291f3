/**
 * The participation gate (contract §0.7) shared by the team-facing game endpoints, first failure
 * wins: game missing → 404; no registration → 400; registration not Accepted → 400; not started →
 * 400 (body status 400); where ended is blocked, ended outside practice mode → 400 (body status
 * 10002). Pure: the caller loads the rows.
 *
 * Vexil differs (issue 23): a hidden game is missing for everyone below Monitor, on every route of
 * the game and whatever its dates (404, as an unknown id), so that a game nobody published yet
 * (an imported one, say) cannot be read or played by guessing its sequential id. Monitors and
 * Admins still see it: they preview it before it is published.
 */
import { NotFound, Refused } from './errors.js';

/** Body `status` of "the game has ended". */
export const GAME_ENDED_STATUS = 10002;

export interface GateGame {
  start: number;
  end: number;
  practiceMode: boolean;
  hidden: boolean;
}

/** Who reads a game: whether the caller may see hidden games (Monitor and Admin). */
export interface GameViewer {
  seesHidden: boolean;
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

/** The viewer of a caller with `role` (none: signed out). Staff preview hidden games. */
export const viewerWithRole = (role: string | undefined): GameViewer => ({
  seesHidden: role === 'Monitor' || role === 'Admin',
});

/** Whether the viewer may know of the game at all: it exists, and is listed or they are staff. */
export const isVisibleTo = (game: { hidden: boolean }, viewer: GameViewer): boolean =>
  !game.hidden || viewer.seesHidden;

/** 404 when the game is missing or hidden from the viewer (the same answer for both). */
export function checkVisible<G extends { hidden: boolean }>(
  game: G | null | undefined,
  viewer: GameViewer,
): asserts game is G {
  if (!game || !isVisibleTo(game, viewer)) throw gameNotFound();
}

/** Throws the first failing check of the gate. */
export function checkGate<G extends GateGame, P extends GateParticipation>(
  game: G | null,
  participation: P | null,
  now: number,
  options: { endedBlocked: boolean; viewer: GameViewer },
): asserts participation is P {
  checkVisible(game, options.viewer);
  if (!participation) throw new Refused('You have not participated in the game');
  if (participation.status !== 'Accepted') {
    throw new Refused('Your registration has been rejected or banned');
  }
  if (!hasStarted(game, now)) throw gameNotStarted();
  if (options.endedBlocked && isClosed(game, now)) throw gameEnded();
}

/** The checks of a started game's reads: missing or hidden from the viewer → 404, not started → 400. */
export function checkStartedGame<G extends GateGame>(
  game: G | null,
  now: number,
  viewer: GameViewer,
): asserts game is G {
  checkVisible(game, viewer);
  if (!hasStarted(game, now)) throw gameNotStarted();
}
