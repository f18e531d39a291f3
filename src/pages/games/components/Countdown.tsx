/**
 * A line that counts down to a moment, every second: "Starts in 1d 02:03:04". It renders alone,
 * so the page around it does not re-render each second.
 */
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';

export interface CountdownProps extends Omit<TypographyProps, 'children'> {
  /** The moment, in epoch ms. */
  to: number;
  /** Builds the line from the formatted countdown. */
  label: (countdown: string) => string;
}

export function Countdown({ to, label, ...typography }: CountdownProps) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const text = formatDuration(to - now, { dayUnit: t('games.time.day_unit') });
  return (
    <Typography role="timer" {...typography}>
      {label(text)}
    </Typography>
  );
}
