/**
 * The caller's registration in the game: what its status means and what can be done about it —
 * sign in, join (again), leave while waiting or declined.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import type { ParticipationStatus, PublicGameDetail } from '@/api/types';
import { canJoin, gamePhase } from '@/hooks/games';
import { JoinGameDialog } from './JoinGameDialog';
import { LeaveGameButton } from './LeaveGameButton';
import { loginPath, playerPaths } from '@/lib/paths';
import { isIndividual } from '@/lib/playMode';

const severity: Record<Exclude<ParticipationStatus, 'Unsubmitted'>, AlertColor> = {
  Pending: 'info',
  Accepted: 'success',
  Rejected: 'warning',
  Suspended: 'error',
};

export interface ParticipationPanelProps {
  game: PublicGameDetail;
  /** Undefined while the session is being read. */
  signedIn: boolean | undefined;
  now: number;
  /** The caller comes to organise: joining is offered, but not as the main action. */
  secondary?: boolean;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" aria-labelledby="participation" spacing={1.5}>
      <Typography id="participation" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** What an accepted team should expect next, from the clock. */
type AcceptedNote =
  | 'games.participation.accepted_upcoming'
  | 'games.participation.accepted_practice'
  | 'games.participation.accepted_ended';

function acceptedNote(game: PublicGameDetail, now: number): AcceptedNote | null {
  const phase = gamePhase(game, now);
  if (phase === 'upcoming') return 'games.participation.accepted_upcoming';
  if (phase === 'ended')
    return game.practiceMode
      ? 'games.participation.accepted_practice'
      : 'games.participation.accepted_ended';
  return null;
}

export function ParticipationPanel({
  game,
  signedIn,
  now,
  secondary = false,
}: ParticipationPanelProps) {
  const { t } = useTranslation();
  const [joining, setJoining] = useState(false);
  const alone = isIndividual(game);
  const title = t('games.participation.title');
  const open = canJoin(game, now);
  const joinButton = (label: string) => (
    <Button
      variant={secondary ? 'outlined' : 'contained'}
      startIcon={alone ? <PersonAddIcon /> : <GroupAddIcon />}
      onClick={() => setJoining(true)}
    >
      {label}
    </Button>
  );
  const dialog = joining && <JoinGameDialog game={game} onClose={() => setJoining(false)} />;

  if (signedIn === undefined) {
    return (
      <Panel title={title}>
        <Skeleton variant="rounded" height={72} />
      </Panel>
    );
  }

  if (!signedIn) {
    return (
      <Panel title={title}>
        <Typography color="text.secondary">
          {alone
            ? t('individualPlay.participation.signed_out')
            : t('games.participation.signed_out')}
        </Typography>
        <Button
          variant="contained"
          component={RouterLink}
          to={loginPath(playerPaths.game(game.id))}
          startIcon={<LoginIcon />}
        >
          {t('games.participation.sign_in')}
        </Button>
      </Panel>
    );
  }

  if (game.status === 'Unsubmitted') {
    return (
      <Panel title={title}>
        <Typography color="text.secondary">
          {!open
            ? t('games.participation.closed')
            : alone
              ? t('individualPlay.participation.not_joined')
              : t('games.participation.not_joined')}
        </Typography>
        {open && joinButton(t('games.join.button'))}
        {dialog}
      </Panel>
    );
  }

  const status = game.status;
  const note = status === 'Accepted' ? acceptedNote(game, now) : null;
  return (
    <Panel title={title}>
      <Alert severity={severity[status]} variant="outlined">
        <AlertTitle>{t(`games.participation.status.${status}.title`)}</AlertTitle>
        {alone
          ? t(`individualPlay.participation.status.${status}`)
          : t(`games.participation.status.${status}.message`, { team: game.teamName ?? '' })}
        {game.division && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('games.participation.division', { division: game.division })}
          </Typography>
        )}
        {note && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t(note)}
          </Typography>
        )}
      </Alert>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {status === 'Rejected' && open && joinButton(t('games.join.again'))}
        {(status === 'Pending' || status === 'Rejected') && <LeaveGameButton game={game} />}
      </Stack>
      {dialog}
    </Panel>
  );
}
