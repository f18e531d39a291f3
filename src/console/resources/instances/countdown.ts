/** The time left before an instance stops, as shown in the instances list. */

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

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `m:ss` under an hour, `h:mm:ss` above; never negative. */
export function formatLeft(leftMs: number): string {
  const seconds = Math.max(0, Math.ceil(leftMs / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${twoDigits(m)}:${twoDigits(s)}` : `${m}:${twoDigits(s)}`;
}
