/**
 * A moment as "3 hours ago" in the interface language; the full date shows on hover and is the
 * accessible name (the tooltip sets it).
 */
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';

const MINUTE = 60_000;

export function RelativeTime({ time }: { time: number }) {
  const { i18n } = useTranslation();
  const now = useNow(MINUTE);
  const locale = i18n.resolvedLanguage;
  const full = formatDateTime(time, locale);
  return (
    <Tooltip title={full}>
      <time dateTime={new Date(time).toISOString()}>{formatRelative(time, now, locale)}</time>
    </Tooltip>
  );
}
