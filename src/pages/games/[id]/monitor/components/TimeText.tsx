/** When something happened, to the second with its zone, in the user's locale; the full date on hover. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time/format';

const short = new Map<string, Intl.DateTimeFormat>();

/** e.g. "Jan 15, 08:00:05 UTC" (monitors compare events seconds apart; the zone is the browser's). */
export function formatEventTime(time: number, locale: string): string {
  let format = short.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    short.set(locale, format);
  }
  return format.format(time);
}

export function TimeText({ time }: { time: number }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={new Date(time).toISOString()} title={formatDateTime(time, i18n.language)}>
      {formatEventTime(time, i18n.language)}
    </time>
  );
}
