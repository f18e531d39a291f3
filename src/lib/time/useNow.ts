/**
 * The current time, re-read every `intervalMs` while a component reads it (for countdowns). Every
 * component asking for the same interval shares one timer, so a list of countdowns ticks together
 * and runs one interval.
 */
import { useSyncExternalStore } from 'react';

interface Clock {
  now: number;
  listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
  subscribe: (listener: () => void) => () => void;
  read: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  const known = clocks.get(intervalMs);
  if (known) return known;
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    subscribe(listener) {
      clock.listeners.add(listener);
      if (!clock.timer) {
        clock.now = Date.now();
        clock.timer = setInterval(() => {
          clock.now = Date.now();
          for (const each of clock.listeners) each();
        }, intervalMs);
      }
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size > 0) return;
        clearInterval(clock.timer);
        clock.timer = undefined;
      };
    },
    read() {
      // An idle clock catches up when first read again (React reads twice per render: the value
      // must not move between those reads, hence only when a whole interval is stale).
      if (!clock.timer && Date.now() - clock.now >= intervalMs) clock.now = Date.now();
      return clock.now;
    },
  };
  clocks.set(intervalMs, clock);
  return clock;
}

export function useNow(intervalMs = 1_000): number {
  const clock = clockOf(intervalMs);
  return useSyncExternalStore(clock.subscribe, clock.read);
}
