/**
 * Score visibility (issue 25, a Vexil addition): who may see a game's scores until it ends.
 * `Public` (the default: anyone, as the reference platform), `SignedIn` (any signed-in account)
 * or `Organisers` (Monitors and Admins). From the end (`now >= end`, when solves stop counting)
 * the scores are public whatever the setting; Monitors and Admins always see them.
 *
 * A caller refused gets 403 with a title that says why, not the 404 of a hidden game: the game
 * itself is listed and its page readable, only its scores wait, and the site must be able to tell
 * the visitor to sign in or to wait for the end. Pure: the callers hand over the game's setting and
 * end as the stored board (or the game row) keeps them.
 */
import { viewerWithRole } from './gameGate.js';

export const SCORE_VISIBILITIES = ['Public', 'SignedIn', 'Organisers'] as const;
export type ScoreVisibility = (typeof SCORE_VISIBILITIES)[number];

/** The stored text as a setting; anything unknown (never written by Vexil) is the default. */
export const toScoreVisibility = (value: string | null | undefined): ScoreVisibility =>
  (SCORE_VISIBILITIES as readonly string[]).includes(value ?? '')
    ? (value as ScoreVisibility)
    : 'Public';

export interface ScoreGame {
  scoreVisibility: ScoreVisibility;
  /** The game's end, epoch ms. */
  endTime: number;
}

/** Who asks: signed in or not, and with which role. */
export interface ScoreViewer {
  signedIn: boolean;
  role?: string;
}

export const SIGNED_IN_ONLY = 'Scores are shown to signed-in players only until the game ends';
export const ORGANISERS_ONLY = 'Scores are shown to the organisers only until the game ends';

/**
 * Who the scores are restricted to at `now`: null when anyone may see them (public, or the game
 * has ended), else the setting that restricts them.
 */
export function scoreRestriction(
  game: ScoreGame,
  now: number,
): Exclude<ScoreVisibility, 'Public'> | null {
  if (game.scoreVisibility === 'Public' || now >= game.endTime) return null;
  return game.scoreVisibility;
}

/** Whether the viewer may see the game's scores at `now`. */
export function seesScores(game: ScoreGame, viewer: ScoreViewer, now: number): boolean {
  const restriction = scoreRestriction(game, now);
  if (restriction === null) return true;
  if (viewerWithRole(viewer.role).seesHidden) return true;
  return restriction === 'SignedIn' && viewer.signedIn;
}

/** Why the viewer may not see the scores (the 403's title); null when they may. */
export function scoresRefusal(game: ScoreGame, viewer: ScoreViewer, now: number): string | null {
  if (seesScores(game, viewer, now)) return null;
  return scoreRestriction(game, now) === 'SignedIn' ? SIGNED_IN_ONLY : ORGANISERS_ONLY;
}
