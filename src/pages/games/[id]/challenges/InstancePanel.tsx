/**
 * The team's container of a container challenge: start it; once running, its address (with a copy
 * button, or the tunnel for the platform proxy), a countdown to its planned stop, extend (only
 * inside the renewal window of `/api/config`) and stop. The server refuses a second start or stop
 * within 10 s (behaviour §7, 429 with Retry-After): after a start or stop the buttons wait that
 * long, saying how long, and a refusal shows only that countdown (no second message). A solved
 * challenge offers no new instance, and an instance that stops while the panel is open (its time
 * ran out, or an organiser stopped it) is said so.
 *
 * A start may wait in the server's start queue (many teams starting at once): the panel then shows
 * its place in line, then "Starting…", following it until the address shows (StartQueueStatus),
 * and offers to cancel it. A start the engine refused says why, with Start again.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import CloseIcon from '@mui/icons-material/Close';
import StopIcon from '@mui/icons-material/Stop';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import type { PublicGameDetail, TeamChallenge } from '@/api/types';
import { useNotify } from '@/lib/notifications';
import { formatDuration, formatDateTime } from '@/lib/time/format';
import { useNow } from '@/lib/time/useNow';
import { useClientConfig } from '@/lib/useClientConfig';
import { ThrottledError, useInstanceActions } from '@/hooks/challenges';
import { gameKeys } from '@/hooks/games';
import { InstanceEntry } from './InstanceEntry';
import { StartQueueStatus } from './StartQueueStatus';
import { useRetryCountdown } from './useRetryCountdown';
import { useStoppedMeanwhile } from './useStoppedMeanwhile';

const MINUTE = 60_000;
/** The server's gap between two starts or stops of one instance (behaviour §7). */
const OPERATION_GAP_SECONDS = 10;

export interface InstancePanelProps {
  gameId: number;
  challenge: TeamChallenge;
  /** The team has solved the challenge: no new instance is offered. */
  solved?: boolean;
}

export function InstancePanel({ gameId, challenge, solved = false }: InstancePanelProps) {
  const { t, i18n } = useTranslation();
  const alone = useIndividualPlay();
  const notify = useNotify();
  const now = useNow(1_000);
  const { data: config } = useClientConfig();
  const queryClient = useQueryClient();
  const { start, extend, stop } = useInstanceActions(gameId, challenge.id);
  const retry = useRetryCountdown();
  const { instanceEntry: entry, closeTime, containerStart } = challenge.context;
  const running = entry !== null && closeTime !== null && closeTime > now;
  const underWay = containerStart?.state === 'Queued' || containerStart?.state === 'Starting';
  // The server gave the 10-second guard back with the refusal: Start may be pressed again at once.
  const failed = containerStart?.state === 'Failed' ? containerStart : null;
  const waiting = retry.seconds > 0 && !underWay && !failed;
  const busy = start.isPending || extend.isPending || stop.isPending;
  const gameTitle = queryClient.getQueryData<PublicGameDetail>(gameKeys.detail(gameId))?.title;
  const tunnelLabel = gameTitle ? `${challenge.title} @ ${gameTitle}` : challenge.title;

  const stoppedMeanwhile = useStoppedMeanwhile(running, stop.isPending || stop.isSuccess);

  const onError = (error: Error) => {
    retry.after(error);
    // a refusal for going too fast shows as the countdown below, not as a second message
    if (!(error instanceof ThrottledError)) notify.error(error);
  };
  const waitAfterwards = () => retry.wait(OPERATION_GAP_SECONDS);

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
            <InstanceEntry entry={entry} label={tunnelLabel} web={challenge.category === 'Web'} />
            <Typography variant="body2" role="timer" aria-live="off">
              {t('challenges.instance.stops_in', {
                left: formatDuration(left, { dayUnit: t('challenges.day_unit') }),
                time: formatDateTime(closeTime, i18n.language),
              })}
            </Typography>
          </>
        ) : underWay ? (
          <StartQueueStatus start={containerStart} />
        ) : failed ? (
          <Alert severity="error">
            {t('challenges.instance.start_failed', { reason: failed.reason ?? '' })}
          </Alert>
        ) : stoppedMeanwhile || entry !== null ? (
          <Alert severity="info">
            {solved ? t('challenges.instance.stopped_solved') : t('challenges.instance.expired')}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {solved
              ? t(
                  alone
                    ? 'individualPlay.challenges.instance_solved'
                    : 'challenges.instance.solved',
                )
              : t(alone ? 'individualPlay.challenges.instance_none' : 'challenges.instance.none')}
          </Typography>
        )}
        {waiting && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('challenges.instance.wait', { count: retry.seconds })}
          </Typography>
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
                loadingPosition="start"
                onClick={() => stop.mutate(undefined, { onError, onSuccess: waitAfterwards })}
              >
                {stop.isPending ? t('challenges.instance.stopping') : t('challenges.instance.stop')}
              </Button>
            </>
          ) : underWay ? (
            <Button
              variant="outlined"
              startIcon={<CloseIcon />}
              disabled={busy}
              loading={stop.isPending}
              loadingPosition="start"
              onClick={() => stop.mutate(undefined, { onError })}
            >
              {t('challenges.instance.cancel')}
            </Button>
          ) : solved ? null : (
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              disabled={busy || waiting}
              loading={start.isPending}
              loadingPosition="start"
              onClick={() => {
                stop.reset();
                start.mutate(undefined, { onError, onSuccess: waitAfterwards });
              }}
            >
              {start.isPending ? t('challenges.instance.starting') : t('challenges.instance.start')}
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
