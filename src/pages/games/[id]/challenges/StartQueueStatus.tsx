/**
 * Where the team's container start stands while the server's start queue holds it (the server
 * gives the container engine a few creates at a time): its place in line ("Queued: 3rd in line"),
 * then "Starting…". Read aloud as it changes; the panel reads the challenge again about every
 * second meanwhile (`useTeamChallenge`).
 */
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ContainerStart } from '@/api/types';

/**
 * "Queued: 12th in line": i18next picks `queued_ordinal_one|two|few|other` by the language's
 * ordinal rules; its key types know the plural suffixes but not the ordinal ones.
 */
const QUEUED = 'challenges.instance.queued_ordinal' as 'challenges.instance.queued_ordinal_other';

export function StartQueueStatus({ start }: { start: ContainerStart }) {
  const { t } = useTranslation();
  const queued = start.state === 'Queued';
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2" role="status" aria-live="polite">
          {queued
            ? t(QUEUED, { count: start.position, ordinal: true })
            : t('challenges.instance.starting')}
        </Typography>
      </Stack>
      {queued && (
        <Typography variant="caption" color="text.secondary">
          {t('challenges.instance.queued_help')}
        </Typography>
      )}
    </Stack>
  );
}
