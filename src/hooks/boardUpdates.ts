/**
 * A running game's board updates on the players' hub (`/hub/user?game={id}`,
 * `ReceivedScoreboardUpdate`, a Vexil addition): after each rebuild the server pushes the board's
 * version, and what is built from the board (the scoreboard, the team's view of the game) is read
 * again, once. The reads are spread over a second and come at most every 2 s, so a thousand
 * players do not all ask at the same instant after every burst of solves; the browser keeps the
 * board and revalidates it with its ETag, so a board that has not changed costs a 304.
 */
import { useEffect, useRef } from 'react';
import type { ScoreboardUpdate } from '../api/types';
import { DEDUPE_INTERVAL } from '../app/queryClient';
import { useHub, type HubStatus } from '../app/realtime/useHub';

/** How often live board data is read while the hub is live: only to cover a missed update. */
export const LIVE_SAFETY_INTERVAL = 60_000;

/** Readers of one update spread their reads over this long, in ms. */
export const UPDATE_SPREAD = 1_000;

export interface UseBoardUpdatesOptions {
  enabled: boolean;
  /** Whether the data held is already at least this version (then nothing is read). */
  holds?: (version: number) => boolean;
  /** Read the data again. */
  refresh: () => unknown;
  /** For tests: the spread of reads in ms (0 reads at once, apart from the 2 s spacing). */
  spread?: number;
}

export function useBoardUpdates(
  gameId: number,
  { enabled, holds, refresh, spread = UPDATE_SPREAD }: UseBoardUpdatesOptions,
): HubStatus {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastRead = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useHub<ScoreboardUpdate>({
    url: `/hub/user?game=${gameId}`,
    target: 'ReceivedScoreboardUpdate',
    enabled,
    onMessage: (update) => {
      if (update.gameId !== gameId || holds?.(update.version) || timer.current) return;
      const wait =
        Math.max(0, lastRead.current + DEDUPE_INTERVAL - Date.now()) + Math.random() * spread;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        lastRead.current = Date.now();
        void refresh();
      }, wait);
    },
  });
}
