/**
 * What the monitor pages say instead of their data: access denied (not a monitor), an unknown
 * game, or a game that has not started yet (with a countdown to its start).
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatDateTime } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';
import { playerPaths } from '@/lib/paths';

export type MonitorNoticeProps =
  | { kind: 'denied'; gameId?: number }
  | { kind: 'not_found' }
  | { kind: 'not_started'; gameId: number; start: number };

function StartsIn({ start }: { start: number }) {
  const { t, i18n } = useTranslation();
  const now = useNow(1_000);
  return (
    <span role="timer" aria-live="off">
      {t('monitor.not_started.message', {
        left: formatDuration(start - now, { dayUnit: t('monitor.day_unit') }),
        time: formatDateTime(start, i18n.language),
      })}
    </span>
  );
}

export function MonitorNotice(props: MonitorNoticeProps) {
  const { t } = useTranslation();
  const { kind } = props;
  const gameId = kind === 'not_found' ? undefined : props.gameId;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
      <Alert severity={kind === 'not_started' ? 'info' : 'warning'} sx={{ alignSelf: 'stretch' }}>
        {/* the page's only heading when it has no game to title it */}
        <AlertTitle component={kind === 'not_started' ? 'h2' : 'h1'}>
          {t(`monitor.${kind}.title`)}
        </AlertTitle>
        {kind === 'not_started' ? <StartsIn start={props.start} /> : t(`monitor.${kind}.message`)}
      </Alert>
      {kind !== 'not_started' && (
        <Button
          component={RouterLink}
          to={gameId === undefined ? playerPaths.games : playerPaths.game(gameId)}
          variant="contained"
        >
          {gameId === undefined ? t('monitor.all_games') : t('monitor.back')}
        </Button>
      )}
    </Stack>
  );
}
