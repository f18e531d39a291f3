/**
 * Date-time inputs edit epoch milliseconds (the API's timestamps) through the browser's
 * `datetime-local` value, in the browser's time zone.
 */

/** The `datetime-local` value (YYYY-MM-DDTHH:mm) of an epoch-ms time, '' for none. */
export function epochToLocalInput(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Epoch milliseconds of a `datetime-local` value (local time), null for none or nonsense. */
export function localInputToEpoch(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}
