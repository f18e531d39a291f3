/**
 * When a game takes place: its time range in the interface language, then a countdown to its
 * start or end, or how long ago it ended.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateRange, formatRelative } from '@/lib/time/format';
import type { GamePhase } from '@/hooks/games';
import { Countdown } from './Countdown';

export interface GameScheduleProps {
  start: number;
  end: number;
  phase: GamePhase;
  /** The page's clock, in epoch ms. */
  now: number;
  /** `large` for a game's own page. */
  size?: 'small' | 'large';
}

export function GameSchedule({ start, end, phase, now, size = 'small' }: GameScheduleProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  // large text may be coloured; small text stays in the body colour for contrast
  const countdown =
    size === 'large'
      ? ({ variant: 'h5', component: 'p' } as const)
      : ({ variant: 'body2', fontWeight: 500 } as const);
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2" color="text.secondary">
        {formatDateRange(start, end, locale)}
      </Typography>
      {phase === 'upcoming' && (
        <Countdown
          to={start}
          {...countdown}
          color={size === 'large' ? 'info.main' : 'text.primary'}
          label={(countdown) => t('games.time.starts_in', { countdown })}
        />
      )}
      {phase === 'running' && (
        <Countdown
          to={end}
          {...countdown}
          color={size === 'large' ? 'success.main' : 'text.primary'}
          label={(countdown) => t('games.time.ends_in', { countdown })}
        />
      )}
      {phase === 'ended' && (
        <Typography variant="body2" color="text.secondary">
          {t('games.time.ended', { when: formatRelative(end, now, locale) })}
        </Typography>
      )}
    </Stack>
  );
}
