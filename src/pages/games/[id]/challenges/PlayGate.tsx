/**
 * What the challenges page says instead of the board when the caller cannot play: why, and where
 * to go (sign in, the game page to join or follow the review, the scoreboard after the end).
 */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail } from '@/api/types';
import { formatDuration, formatDateTime } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';
import type { PlayState } from './playState';
import { loginPath, playerPaths } from '@/lib/paths';
import { isIndividual } from '@/lib/playMode';

type GateState = Exclude<PlayState, 'running' | 'practice'>;

const SEVERITY: Record<GateState, 'info' | 'warning' | 'error'> = {
  signed_out: 'info',
  not_joined: 'info',
  pending: 'info',
  rejected: 'error',
  suspended: 'error',
  not_started: 'info',
  ended: 'warning',
};

/** The states whose words name a team: an individual game (issue 25) has its own for them. */
type TeamWordedState = 'signed_out' | 'not_joined' | 'pending' | 'rejected' | 'suspended';
const TEAM_WORDED = new Set<GateState>([
  'signed_out',
  'not_joined',
  'pending',
  'rejected',
  'suspended',
]);
const teamWorded = (state: GateState): state is TeamWordedState => TEAM_WORDED.has(state);

function StartsIn({ start }: { start: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1_000);
  return (
    <Typography role="timer" aria-live="off">
      {t('challenges.gate.starts_in', {
        left: formatDuration(start - now, { dayUnit: t('challenges.day_unit') }),
        time: formatDateTime(start, i18n.language),
      })}
    </Typography>
  );
}

export function PlayGate({ state, game }: { state: GateState; game: PublicGameDetail }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const gamePage = playerPaths.game(game.id);
  const alone = isIndividual(game);
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
        {game.title}
      </Typography>
      <Alert severity={SEVERITY[state]}>
        <AlertTitle>
          {alone && teamWorded(state)
            ? t(`individualPlay.gate.${state}.title`)
            : t(`challenges.gate.${state}.title`)}
        </AlertTitle>
        {alone && teamWorded(state)
          ? t(`individualPlay.gate.${state}.message`)
          : t(`challenges.gate.${state}.message`)}
        {state === 'not_started' && <StartsIn start={game.start} />}
      </Alert>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {state === 'signed_out' ? (
          <Button component={RouterLink} to={loginPath(pathname + search)} variant="contained">
            {t('challenges.gate.sign_in')}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={gamePage}
            variant={state === 'ended' ? 'outlined' : 'contained'}
          >
            {t('challenges.gate.game_page')}
          </Button>
        )}
        {state === 'ended' && (
          <Button component={RouterLink} to={`${gamePage}/scoreboard`} variant="contained">
            {t('challenges.gate.scoreboard')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
