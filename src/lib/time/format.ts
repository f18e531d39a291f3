/**
 * Dates and durations for people, in the interface language (Intl): a game's time range, a
 * countdown, "in 3 days" / "2 hours ago". Every date with a time of day says its time zone
 * (issue 23: players and organisers of an international event are in different zones), e.g.
 * "Jan 15, 2027, 8:00 AM UTC" or "2027年1月15日 GMT+8 16:00", in the browser's zone.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// `dateStyle`/`timeStyle` cannot be combined with `timeZoneName`: the fields are spelled out.
export const dateTimeOptions: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** The formatter of dates with time and zone in `locale` (one object for many dates). */
export function dateTimeFormat(locale?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, dateTimeOptions);
}

/** e.g. "Jan 15, 2027, 8:00 AM UTC". */
export function formatDateTime(time: number, locale?: string): string {
  return dateTimeFormat(locale).format(time);
}

/** e.g. "Jan 15, 2027, 8:00 AM – Jan 17, 2027, 8:00 AM UTC" (shared parts written once). */
export function formatDateRange(start: number, end: number, locale?: string): string {
  const format = dateTimeFormat(locale);
  return end < start
    ? `${format.format(start)} – ${format.format(end)}`
    : format.formatRange(start, end);
}

export interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** A non-negative duration split into days, hours, minutes and seconds (rounded down). */
export function durationParts(ms: number): DurationParts {
  const total = Math.max(0, Math.floor(ms / SECOND));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

export interface DurationStyle {
  /** The unit after whole days, e.g. "d" ("3d 02:03:04"); translated by the caller. */
  dayUnit?: string;
  /**
   * `m:ss` under an hour and `h:mm:ss` above, no days, seconds rounded up so that "0:00" means
   * over (the console's instance expiry); else the padded clock, seconds rounded down.
   */
  short?: boolean;
}

/**
 * A ticking countdown: "02:03:04", with whole days in front: "3d 02:03:04"; or `short`: "1:05",
 * "1:01:01". Never negative.
 */
export function formatDuration(
  ms: number,
  { dayUnit = 'd', short = false }: DurationStyle = {},
): string {
  if (short) {
    const total = Math.max(0, Math.ceil(ms / SECOND));
    const hours = Math.floor(total / 3_600);
    const minutes = Math.floor((total % 3_600) / 60);
    const seconds = pad(total % 60);
    return hours > 0 ? `${hours}:${pad(minutes)}:${seconds}` : `${minutes}:${seconds}`;
  }
  const { days, hours, minutes, seconds } = durationParts(ms);
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  return days > 0 ? `${days}${dayUnit} ${clock}` : clock;
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/**
 * `time` relative to `now` in the largest fitting unit: "in 3 days", "5 hours ago", "in 2
 * minutes"; under a minute counts as "now".
 */
export function formatRelative(time: number, now: number, locale?: string): string {
  const diff = time - now;
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(diff) >= size)
      return new Intl.RelativeTimeFormat(locale).format(Math.trunc(diff / size), unit);
  }
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
}
