/**
 * The organiser's test container of a container challenge: start (or replace) it to try the image
 * before the game, see how to reach it and when it stops, and stop it. It acts at once, apart from
 * the form; the challenge's record then refreshes to show the server's view.
 */
import { formatDateTime } from '@/lib/time/format';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useTranslate,
  useLocaleState,
} from 'react-admin';
import type { ChallengeDetail, ContainerInfo } from '@/api/types';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { hasContainer } from './choices';
import { useGameMeta } from '@/console/data/kit';

/** With the platform proxy the entry is the container GUID, not `host:port`. */
const isProxyEntry = (entry: string) => !entry.includes(':');

function ContainerEntry({ entry }: { entry: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('resources.challenges.test_container.entry');
  const copy = () =>
    navigator.clipboard
      .writeText(entry)
      .then(() => notify('common.copied', { type: 'success' }))
      .catch(() => notify('resources.challenges.test_container.copy_failed', { type: 'warning' }));
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          pl: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Box
          component="code"
          aria-label={label}
          sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', wordBreak: 'break-all', py: 1 }}
        >
          {entry}
        </Box>
        <Tooltip title={translate('common.copy')}>
          <IconButton
            onClick={() => void copy()}
            aria-label={translate('resources.challenges.test_container.copy_entry')}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {isProxyEntry(entry) && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {translate('resources.challenges.test_container.proxy_note', {
            path: `/api/proxy/noinst/${entry}`,
          })}
        </Typography>
      )}
    </>
  );
}

function CurrentContainer({ container }: { container: ContainerInfo }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={1}>
      <Box>
        <Chip
          size="small"
          color={container.status === 'Running' ? 'success' : 'default'}
          label={translate(`resources.challenges.test_container.status.${container.status}`)}
        />
      </Box>
      <ContainerEntry entry={container.entry} />
      <Typography variant="body2">
        {translate('resources.challenges.test_container.expires', {
          time: formatDateTime(container.expectStopAt, locale),
        })}
      </Typography>
    </Stack>
  );
}

export function TestContainerPanel() {
  const challenge = useRecordContext<ChallengeDetail>();
  const translate = useTranslate();
  const notify = useNotify();
  const meta = useGameMeta();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const challengeQuery = { queryKey: ['challenges', 'getOne', { id: String(challenge?.id) }] };

  /** Shows the answer at once, then reads the challenge again for the server's view. */
  const refresh = (testContainer: ContainerInfo | null) => {
    queryClient.setQueriesData<ChallengeDetail>(challengeQuery, (old) =>
      old ? { ...old, testContainer } : old,
    );
    void queryClient.invalidateQueries(challengeQuery);
  };
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  const start = useMutation({
    mutationFn: () => dataProvider.startTestContainer(meta, challenge!.id),
    onSuccess: (container) => {
      refresh(container);
      notify('resources.challenges.test_container.started', { type: 'success' });
    },
    onError,
  });
  const stop = useMutation({
    mutationFn: () => dataProvider.stopTestContainer(meta, challenge!.id),
    onSuccess: () => {
      refresh(null);
      notify('resources.challenges.test_container.stopped', { type: 'success' });
    },
    onError,
  });
  if (!challenge || !hasContainer(challenge.type)) return null;

  const container = challenge.testContainer;
  const busy = start.isPending || stop.isPending;
  return (
    <Card sx={{ width: { xs: '100%', lg: 340 }, ml: { lg: 2 }, mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h3" gutterBottom>
          {translate('resources.challenges.test_container.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('resources.challenges.test_container.help')}
        </Typography>
        {container ? (
          <CurrentContainer container={container} />
        ) : (
          <Typography color="text.secondary">
            {translate('resources.challenges.test_container.none')}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <MuiButton
            variant="contained"
            startIcon={<PlayArrowIcon />}
            loading={start.isPending}
            disabled={busy}
            onClick={() => start.mutate()}
          >
            {translate(`resources.challenges.test_container.${container ? 'restart' : 'start'}`)}
          </MuiButton>
          {container && (
            <MuiButton
              color="error"
              startIcon={<StopIcon />}
              loading={stop.isPending}
              disabled={busy}
              onClick={() => stop.mutate()}
            >
              {translate('resources.challenges.test_container.stop')}
            </MuiButton>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
