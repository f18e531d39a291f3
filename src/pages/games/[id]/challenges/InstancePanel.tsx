/**
 * The team's container of a container challenge: start it; once running, its address (with a copy
 * button, or the tunnel for the platform proxy), a countdown to its planned stop, extend (only
 * inside the renewal window of `/api/config`) and stop. The server refuses a second start or stop
 * within a few seconds (429 with Retry-After): the buttons then wait, saying how long.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { useTranslation } from 'react-i18next';
import type { PublicGameDetail, TeamChallenge } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { formatDuration, formatDateTime } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';
import { useClientConfig } from '@/lib/useClientConfig';
import { useInstanceActions } from '@/hooks/challenges';
import { gameKeys } from '@/hooks/games';
import { InstanceEntry } from './InstanceEntry';
import { useRetryCountdown } from './useRetryCountdown';

const MINUTE = 60_000;

export function InstancePanel({ gameId, challenge }: { gameId: number; challenge: TeamChallenge }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const now = useNow(1_000);
  const { data: config } = useClientConfig();
  const queryClient = useQueryClient();
  const { start, extend, stop } = useInstanceActions(gameId, challenge.id);
  const retry = useRetryCountdown();
  const { instanceEntry: entry, closeTime } = challenge.context;
  const running = entry !== null && closeTime !== null && closeTime > now;
  const busy = start.isPending || extend.isPending || stop.isPending;
  const gameTitle = queryClient.getQueryData<PublicGameDetail>(gameKeys.detail(gameId))?.title;
  const tunnelLabel = gameTitle ? `${challenge.title} @ ${gameTitle}` : challenge.title;

  const onError = (error: Error) => {
    retry.after(error);
    notify.error(error);
  };

  const left = running ? closeTime - now : 0;
  const renewalWindow = config ? config.renewalWindow * MINUTE : 0;
  const canExtend = running && config !== undefined && left <= renewalWindow;

  return (
    <Box
      component="section"
      aria-label={t('challenges.instance.title')}
      sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}
    >
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h3">
          {t('challenges.instance.title')}
        </Typography>
        {running ? (
          <>
            <InstanceEntry entry={entry} label={tunnelLabel} />
            <Typography variant="body2" role="timer" aria-live="off">
              {t('challenges.instance.stops_in', {
                left: formatDuration(left, { dayUnit: t('challenges.day_unit') }),
                time: formatDateTime(closeTime, i18n.language),
              })}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {entry !== null ? t('challenges.instance.expired') : t('challenges.instance.none')}
          </Typography>
        )}
        {retry.seconds > 0 && (
          <Alert severity="warning">
            {t('challenges.instance.wait', { count: retry.seconds })}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {running ? (
            <>
              <Button
                variant="outlined"
                startIcon={<MoreTimeIcon />}
                disabled={busy || !canExtend}
                loading={extend.isPending}
                onClick={() => extend.mutate(undefined, { onError })}
              >
                {t('challenges.instance.extend')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<StopIcon />}
                disabled={busy || retry.seconds > 0}
                loading={stop.isPending}
                onClick={() => stop.mutate(undefined, { onError })}
              >
                {t('challenges.instance.stop')}
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              disabled={busy || retry.seconds > 0}
              loading={start.isPending}
              onClick={() => start.mutate(undefined, { onError })}
            >
              {t('challenges.instance.start')}
            </Button>
          )}
        </Stack>
        {running && config && !canExtend && (
          <Typography variant="caption" color="text.secondary">
            {t('challenges.instance.extend_help', {
              count: config.renewalWindow,
              minutes: config.extensionDuration,
            })}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
