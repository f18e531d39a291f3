/**
 * What the scoreboard page shows instead of a board: the game is unknown, has not started, the
 * board is loading, or no team is on it yet.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { formatDuration, formatDateTime } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { playerPaths } from '@/lib/paths';

export function GameNotFound() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 4 }}>
      <Typography variant="h4" component="h1">
        {t('scoreboard.not_found')}
      </Typography>
      <Typography color="text.secondary">{t('scoreboard.not_found_message')}</Typography>
      <Button component={RouterLink} to={playerPaths.games} startIcon={<ArrowBackIcon />}>
        {t('scoreboard.all_games')}
      </Button>
    </Stack>
  );
}

export function NotStarted({ start }: { start: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1_000);
  return (
    <Alert severity="info">
      <AlertTitle>{t('scoreboard.not_started.title')}</AlertTitle>
      <Typography variant="body2">{t('scoreboard.not_started.message')}</Typography>
      <Typography variant="body2" role="timer" aria-live="off">
        {t('scoreboard.not_started.starts_in', {
          countdown: formatDuration(start - now, { dayUnit: t('scoreboard.day_unit') }),
          time: formatDateTime(start, i18n.language),
        })}
      </Typography>
    </Alert>
  );
}

const SKELETON_ROWS = 8;

/** Placeholder of the chart and table while they load. */
export function BoardSkeleton({ withTitle = false }: { withTitle?: boolean }) {
  return (
    <Stack spacing={2} aria-busy="true">
      {withTitle && <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="50%" />}
      <Skeleton variant="rounded" height={260} />
      <Paper variant="outlined" sx={{ p: 1 }}>
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <Skeleton key={index} variant="text" height={40} />
        ))}
      </Paper>
      <SlowLoadingHint loading />
    </Stack>
  );
}

export function EmptyBoard({ division }: { division: boolean }) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <LeaderboardIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h6" component="p">
        {alone ? t('individualPlay.scoreboard.empty_title') : t('scoreboard.empty_title')}
      </Typography>
      <Typography color="text.secondary">
        {division
          ? t(alone ? 'individualPlay.scoreboard.empty_division' : 'scoreboard.empty_division')
          : t(alone ? 'individualPlay.scoreboard.empty_message' : 'scoreboard.empty_message')}
      </Typography>
    </Stack>
  );
}
