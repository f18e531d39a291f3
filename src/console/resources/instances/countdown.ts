/**
 * How urgent the time left before an instance stops is, as the instances list colours it (the time
 * itself is `formatDuration(left, { short: true })` of `@/lib/time/format`).
 */

export type Urgency = 'normal' | 'warning' | 'critical';

/** Under this, the countdown is red whatever the renewal window. */
const CRITICAL_MS = 60_000;

/**
 * How close the stop is: `warning` inside the renewal window (when players may extend their
 * instance), `critical` in the last minute or once past.
 */
export function urgencyOf(leftMs: number, renewalWindowMinutes: number): Urgency {
  if (leftMs <= CRITICAL_MS) return 'critical';
  if (leftMs <= renewalWindowMinutes * 60_000) return 'warning';
  return 'normal';
}
