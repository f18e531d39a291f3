/**
 * The state of a live list and its pause switch: "Live", "Reconnecting…", "Offline, refreshing
 * every 10 s" or "Paused", and how many new rows wait while paused.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslation } from 'react-i18next';
import { REFRESH_INTERVAL } from '@/lib/queryClient';
import type { HubStatus } from '@/lib/realtime/useHub';

export interface LiveControlsProps {
  hubStatus: HubStatus;
  paused: boolean;
  missed: number;
  onPausedChange: (paused: boolean) => void;
}

const DOT_COLOR: Record<HubStatus, string> = {
  connecting: 'text.disabled',
  live: 'success.main',
  reconnecting: 'warning.main',
  offline: 'error.main',
};

export function LiveControls({ hubStatus, paused, missed, onPausedChange }: LiveControlsProps) {
  const { t } = useTranslation();
  const state = paused
    ? t('monitor.live.paused', { count: missed })
    : t(`monitor.live.${hubStatus}`, { seconds: REFRESH_INTERVAL / 1_000 });
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: paused ? 'warning.main' : DOT_COLOR[hubStatus],
          }}
        />
        <Typography role="status" variant="body2" color="text.secondary">
          {state}
        </Typography>
      </Stack>
      <Button
        size="small"
        variant={paused ? 'contained' : 'outlined'}
        startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}
        onClick={() => onPausedChange(!paused)}
      >
        {paused ? t('monitor.live.resume') : t('monitor.live.pause')}
      </Button>
    </Stack>
  );
}
