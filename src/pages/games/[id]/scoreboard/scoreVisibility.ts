/**
 * Whether the caller may see a game's scores now (issue 25, `scoreVisibility`), as the server
 * decides it: the setting until the end, everyone from the end, monitors and organisers always.
 * Null when they may; else why not, for the page to say so instead of asking for a board the
 * server would refuse.
 */
import type { components } from '#wire/schema.gen.js';

type ScoreVisibility = components['schemas']['ScoreVisibility'];

export type ScoresWithheldReason = 'signed_in' | 'organisers';

export function scoresWithheld(
  visibility: ScoreVisibility | undefined,
  viewer: { ended: boolean; signedIn: boolean; monitor: boolean },
): ScoresWithheldReason | null {
  if (!visibility || visibility === 'Public' || viewer.ended || viewer.monitor) return null;
  if (visibility === 'SignedIn') return viewer.signedIn ? null : 'signed_in';
  return 'organisers';
}
