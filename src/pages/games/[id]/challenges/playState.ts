/**
 * Whether the caller can play a game right now, and if not, why: the challenges page shows the
 * board only in the `running` and `practice` states and a message for every other one.
 */
import type { PublicGameDetail } from '@/api/types';
import { gamePhase } from '@/hooks/games';

export type PlayState =
  | 'signed_out'
  | 'not_joined'
  | 'pending'
  | 'rejected'
  | 'suspended'
  | 'not_started'
  | 'ended'
  | 'running'
  | 'practice';

/** The states in which the challenges can be opened and flags submitted. */
export const isPlaying = (state: PlayState): state is 'running' | 'practice' =>
  state === 'running' || state === 'practice';

/** The registration decides first (it says what to do), then the clock. */
export function playState(game: PublicGameDetail, signedIn: boolean, now = Date.now()): PlayState {
  if (!signedIn) return 'signed_out';
  switch (game.status) {
    case 'Unsubmitted':
      return 'not_joined';
    case 'Pending':
      return 'pending';
    case 'Rejected':
      return 'rejected';
    case 'Suspended':
      return 'suspended';
    case 'Accepted':
      break;
  }
  const phase = gamePhase(game, now);
  if (phase === 'upcoming') return 'not_started';
  if (phase === 'ended') return game.practiceMode ? 'practice' : 'ended';
  return 'running';
}

/** setTimeout's largest delay (about 24.8 days). */
const MAX_TIMER = 2 ** 31 - 1;

/** Milliseconds until the game starts or ends next (when the state may change), or undefined. */
export function untilPhaseChange(game: PublicGameDetail, now = Date.now()): number | undefined {
  const next = [game.start, game.end].find((time) => time >= now);
  return next === undefined ? undefined : Math.min(next - now + 1, MAX_TIMER);
}
