/**
 * Under the flag box of a challenge with attempt limits (issue 25): the attempts the team has
 * left ("3 attempts left") and the wait before its next try ("Next try in 0:12"), or, at the
 * limit, that it has none left. The count is read out as it
 * changes.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import ReplayIcon from '@mui/icons-material/Replay';
import { useTranslation } from 'react-i18next';
import { useIndividualPlay } from '@/lib/playMode';
import { formatWait, type AttemptGate } from './useAttemptWait';

export function AttemptsStatus({ gate }: { gate: AttemptGate }) {
  const { t } = useTranslation();
  const alone = useIndividualPlay();
  if (gate.left === 0) {
    return (
      <Alert severity="warning" role="status">
        <AlertTitle>{t('attempts.none_left')}</AlertTitle>
        {alone ? t('individualPlay.challenges.none_left') : t('attempts.none_left_detail')}
      </Alert>
    );
  }
  if (gate.left === null && gate.waitSeconds === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {gate.left !== null && (
        // read out when it falls; the countdown beside it is not (it changes every second)
        <span role="status">
          <Chip
            size="small"
            variant="outlined"
            icon={<ReplayIcon />}
            label={t('attempts.left', { count: gate.left })}
            color={gate.left <= 1 ? 'warning' : 'default'}
          />
        </span>
      )}
      {gate.waitSeconds > 0 && (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          icon={<HourglassTopIcon />}
          label={t('attempts.next_try', { time: formatWait(gate.waitSeconds) })}
        />
      )}
    </Stack>
  );
}
