/**
 * The browser's time zone, named for people: the offset from UTC ("UTC+08:00", "UTC-03:30",
 * "UTC") for labels that must be unambiguous in any language (date inputs, chart axes), and the
 * zone's IANA name ("Asia/Shanghai") beside it.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The browser's offset from UTC at `time` (summer time counts), e.g. "UTC+08:00"; "UTC" at 0. */
export function zoneOffsetLabel(time: number = Date.now()): string {
  // getTimezoneOffset is minutes *behind* UTC: UTC+8 answers -480
  const offset = -new Date(time).getTimezoneOffset();
  if (offset === 0) return 'UTC';
  const sign = offset > 0 ? '+' : '-';
  const minutes = Math.abs(offset);
  return `UTC${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The browser's IANA time zone ("Europe/Berlin"), or undefined when the browser does not say. */
export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
