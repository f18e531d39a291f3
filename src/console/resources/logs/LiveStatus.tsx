/**
 * The live state of the logs page: whether new entries arrive (and where they appear), and the
 * toggle that pauses them. While paused, the count of entries waiting is shown.
 */
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useTranslate } from 'react-admin';
import type { HubStatus } from '@/lib/realtime/hubLink';

const stateColours = {
  live: 'success',
  connecting: 'default',
  reconnecting: 'warning',
  offline: 'error',
} as const satisfies Record<HubStatus, string>;

export interface LiveStatusProps {
  connection: HubStatus;
  paused: boolean;
  /** Entries waiting while paused (of the current level). */
  waiting: number;
  /** New entries are shown on the first page only. */
  onFirstPage: boolean;
  setPaused: (paused: boolean) => void;
}

export function LiveStatus({
  connection,
  paused,
  waiting,
  onFirstPage,
  setPaused,
}: LiveStatusProps) {
  const translate = useTranslate();
  const label = paused
    ? translate('resources.logs.live.paused')
    : translate(`resources.logs.live.${connection}`);
  const toggle = translate(paused ? 'resources.logs.live.resume' : 'resources.logs.live.pause');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
      <Chip
        size="small"
        variant="outlined"
        color={paused ? 'default' : stateColours[connection]}
        icon={<FiberManualRecordIcon fontSize="small" />}
        label={label}
      />
      <Tooltip title={toggle}>
        <IconButton size="small" aria-label={toggle} onClick={() => setPaused(!paused)}>
          {paused ? <PlayArrowIcon fontSize="small" /> : <PauseIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      {paused && waiting > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.logs.live.waiting', { smart_count: waiting })}
        </Typography>
      )}
      {!paused && !onFirstPage && (
        <Typography variant="body2" color="text.secondary">
          {translate('resources.logs.live.first_page_only')}
        </Typography>
      )}
    </Stack>
  );
}
