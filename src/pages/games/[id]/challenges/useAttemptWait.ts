/**
 * The team's standing with a challenge's attempt limits (issue 25), counted down on this page:
 * the wait the server gave (`waitLeft`, from when the answer arrived, so a wrong clock here does
 * not matter) shrinks every second until the next try is allowed.
 */
import { useEffect, useState } from 'react';
import type { ChallengeAttempts } from '@/api/types';

export interface AttemptGate {
  /** Attempts left; null without a limit. */
  left: number | null;
  /** Whole seconds until the next try is taken; 0 when it may be made now. */
  waitSeconds: number;
  /** Submitting now would be refused (no attempts left, or waiting). */
  blocked: boolean;
}

const remaining = (deadline: number, now: number) =>
  Math.max(0, Math.ceil((deadline - now) / 1000));

/** `attempts` as read at `readAt` (the query's `dataUpdatedAt`). */
export function useAttemptWait(
  attempts: ChallengeAttempts | null | undefined,
  readAt: number,
): AttemptGate {
  const deadline = readAt + (attempts?.waitLeft ?? 0);
  // the clock, ticking only while a wait runs
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const left = attempts?.attemptsLeft ?? null;
  // never earlier than the answer itself: the clock may not have ticked since it arrived
  const waitSeconds = attempts ? remaining(deadline, Math.max(now, readAt)) : 0;
  return { left, waitSeconds, blocked: left === 0 || waitSeconds > 0 };
}

/** `m:ss`, or `h:mm:ss` from an hour. */
export function formatWait(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
