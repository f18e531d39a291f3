/** How one log entry's level, message and task status are shown. */
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import type { LogLevel } from '@/api/types';
import type { LogRecord } from '@/console/data/logRoutes';

const levelChips: Record<LogLevel, Pick<ChipProps, 'color' | 'variant'>> = {
  Information: { color: 'info', variant: 'outlined' },
  Warning: { color: 'warning', variant: 'filled' },
  Error: { color: 'error', variant: 'filled' },
  Fatal: { color: 'secondary', variant: 'filled' },
};

export function LevelChip() {
  const record = useRecordContext<LogRecord>();
  const translate = useTranslate();
  if (!record?.level) return null;
  return (
    <Chip
      size="small"
      {...levelChips[record.level]}
      label={translate(`resources.logs.levels.${record.level}`)}
    />
  );
}

/** The message, exception lines included, as written. */
export function MessageField() {
  const record = useRecordContext<LogRecord>();
  if (!record?.msg) return null;
  return (
    <Typography
      component="div"
      variant="body2"
      sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {record.msg}
    </Typography>
  );
}

export function StatusField() {
  const record = useRecordContext<LogRecord>();
  const translate = useTranslate();
  if (!record?.status) return null;
  return <>{translate(`resources.logs.status_values.${record.status}`)}</>;
}
