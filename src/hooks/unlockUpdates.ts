/**
 * Challenges opening to the team (issue 25), on the players' hub (`/hub/user?game={id}`,
 * `ReceivedChallengeUnlock`, a Vexil addition): the server tells a team's members after its solve
 * and everyone at a timed release, also while the scoreboard is frozen (when board updates are
 * held back). The team's view of the game is read again at once: a challenge it opened appears
 * without a reload. The hub shares its one connection with the board updates.
 */
import type { ChallengeUnlockUpdate } from '@/api/types';
import { useHub, type HubStatus } from '@/lib/realtime/useHub';

export function useUnlockUpdates(
  gameId: number,
  { enabled, refresh }: { enabled: boolean; refresh: () => Promise<unknown> },
): HubStatus {
  return useHub<ChallengeUnlockUpdate>({
    url: `/hub/user?game=${gameId}`,
    target: 'ReceivedChallengeUnlock',
    enabled,
    onMessage: (update) => {
      if (update.gameId === gameId) void refresh();
    },
  });
}
