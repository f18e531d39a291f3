/**
 * The game's notices beside the board, newest first, with the state of the live channel.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GameNotice } from '@/api/types';
import { errorMessageOf } from '@/lib/notifications';
import type { HubStatus } from '@/lib/realtime/useHub';
import { useNow } from '@/lib/time/useNow';
import { NoticeItem } from './NoticeItem';

export interface NoticesPanelProps {
  notices: GameNotice[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  hubStatus: HubStatus;
}

function LiveBadge({ status }: { status: HubStatus }) {
  const { t } = useTranslation();
  const live = status === 'live';
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: live ? 'success.main' : 'warning.main',
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {t(`challenges.notices.hub.${status}`)}
      </Typography>
    </Stack>
  );
}

function Body({ notices, isPending, error, onRetry }: Omit<NoticesPanelProps, 'hubStatus'>) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  if (error && !notices) {
    return (
      <Alert severity="error" action={<Button onClick={onRetry}>{t('common.retry')}</Button>}>
        {errorMessageOf(error) ?? t('common.error.unknown')}
      </Alert>
    );
  }
  if (isPending || !notices) {
    return (
      <Stack spacing={1} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="text" />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="text" width="60%" />
      </Stack>
    );
  }
  if (notices.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('challenges.notices.empty')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding>
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} now={now} />
      ))}
    </List>
  );
}

export function NoticesPanel({ hubStatus, ...body }: NoticesPanelProps) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="game-notices-title"
      // scrolls on its own on laptops: reachable by keyboard
      tabIndex={0}
      sx={{
        p: 2,
        position: { md: 'sticky' },
        top: { md: 88 },
        maxHeight: { md: 'calc(100vh - 112px)' },
        overflowY: { md: 'auto' },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="game-notices-title" variant="h6" component="h2">
          {t('challenges.notices.title')}
        </Typography>
        <LiveBadge status={hubStatus} />
      </Stack>
      <Body {...body} />
    </Paper>
  );
}
