/**
 * A running game's board updates on the players' hub (`/hub/user?game={id}`,
 * `ReceivedScoreboardUpdate`, a Vexil addition): after each rebuild the server pushes the board's
 * version, and what is built from the board (the scoreboard, the team's view of the game) is read
 * again, once. The reads are spread over a second and come at most every 2 s, so a thousand
 * players do not all ask at the same instant after every burst of solves; the browser keeps the
 * board and revalidates it with its ETag, so a board that has not changed costs a 304.
 *
 * With several server instances the update can reach the page before the instance that answers
 * the read has the new board: a read that still gets an older board is repeated (a few times).
 */
import { useEffect, useRef } from 'react';
import type { ScoreboardUpdate } from '@/api/types';
import { DEDUPE_INTERVAL } from '@/lib/queryClient';
import { useHub, type HubStatus } from '@/lib/realtime/useHub';

/** How often live board data is read while the hub is live: only to cover a missed update. */
export const LIVE_SAFETY_INTERVAL = 60_000;

/** Readers of one update spread their reads over this long, in ms. */
export const UPDATE_SPREAD = 1_000;

/** Reads of one announced version that may still get an older board. */
const ATTEMPTS = 3;

export interface UseBoardUpdatesOptions {
  enabled: boolean;
  /**
   * Listen on the monitors' hub instead (monitors and organisers, who read the live board):
   * while the scoreboard is frozen, the players' hub stays silent about solves after the freeze.
   */
  monitor?: boolean;
  /** Whether the data held is already at least this version (then nothing is read). */
  holds?: (version: number) => boolean;
  /** Read the data again; resolves once it is read. */
  refresh: () => Promise<unknown>;
  /** For tests: the spread of reads in ms (0 reads at once, apart from the 2 s spacing). */
  spread?: number;
}

type Latest = Omit<UseBoardUpdatesOptions, 'enabled'>;

/** Turns announced versions into spaced, spread reads; outside React, it only keeps time. */
function readScheduler(latest: () => Latest) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRead = 0;
  let wanted = { version: -Infinity, attempts: 0 };

  const schedule = () => {
    if (timer) return;
    const { spread = UPDATE_SPREAD } = latest();
    const wait = Math.max(0, lastRead + DEDUPE_INTERVAL - Date.now()) + Math.random() * spread;
    timer = setTimeout(() => {
      lastRead = Date.now();
      wanted.attempts++;
      void latest()
        .refresh()
        .finally(() => {
          timer = undefined;
          const { holds } = latest();
          if (holds && !holds(wanted.version) && wanted.attempts < ATTEMPTS) schedule();
        });
    }, wait);
  };

  return {
    announce(version: number) {
      if (latest().holds?.(version)) return;
      if (version > wanted.version) wanted = { version, attempts: 0 };
      schedule();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

export function useBoardUpdates(
  gameId: number,
  { enabled, monitor = false, ...options }: UseBoardUpdatesOptions,
): HubStatus {
  const latest = useRef<Latest>(options);
  useEffect(() => {
    latest.current = options;
  });
  const scheduler = useRef<ReturnType<typeof readScheduler> | undefined>(undefined);
  useEffect(() => () => scheduler.current?.stop(), []);

  return useHub<ScoreboardUpdate>({
    url: `/hub/${monitor ? 'monitor' : 'user'}?game=${gameId}`,
    target: 'ReceivedScoreboardUpdate',
    enabled,
    onMessage: (update) => {
      if (update.gameId !== gameId) return;
      scheduler.current ??= readScheduler(() => latest.current);
      scheduler.current.announce(update.version);
    },
  });
}
