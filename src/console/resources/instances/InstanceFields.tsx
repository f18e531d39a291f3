/** How one running instance's team, challenge, game, entry and expiry are shown. */
import Avatar from '@mui/material/Avatar';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useRecordContext, useTranslate, useLocaleState } from 'react-admin';
import { useClientConfig } from '@/lib/useClientConfig';
import { entryOf, type InstanceRecord } from '@/console/data/instanceRoutes';
import { consolePaths, useAdminPath } from '@/console/paths';
import { formatDuration, formatDateTime } from '@/lib/time/format';
import { urgencyOf } from './countdown';
import { useNow } from '@/lib/time/useNow';

/** Minutes before the stop during which players may extend, when the config is not known. */
const DEFAULT_RENEWAL_WINDOW = 10;

const urgencyColours = {
  normal: 'text.primary',
  warning: 'warning.main',
  critical: 'error.main',
} as const;

export function TeamField() {
  const record = useRecordContext<InstanceRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const name = record.team?.name ?? translate('resources.instances.unknown_team');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={record.team?.avatar ?? undefined} alt="" sx={{ width: 24, height: 24 }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <span>{name}</span>
    </Stack>
  );
}

/** The challenge's title, linking to its console page when its game is known. */
export function ChallengeField() {
  const record = useRecordContext<InstanceRecord>();
  const adminPath = useAdminPath();
  if (!record?.challenge) return <>—</>;
  if (!record.game) return <>{record.challenge.title}</>;
  return (
    <Link
      component={RouterLink}
      to={adminPath(consolePaths.challenge(record.game.id, record.challenge.id))}
      onClick={(event) => event.stopPropagation()}
    >
      {record.challenge.title}
    </Link>
  );
}

export function GameField() {
  const record = useRecordContext<InstanceRecord>();
  return <>{record?.game?.title ?? '—'}</>;
}

export function EntryField() {
  const record = useRecordContext<InstanceRecord>();
  if (!record) return null;
  return (
    <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
      {entryOf(record)}
    </Typography>
  );
}

/** Time left before the planned stop, ticking; orange in the renewal window, red at the end. */
export function ExpiryField() {
  const [locale] = useLocaleState();
  const record = useRecordContext<InstanceRecord>();
  const translate = useTranslate();
  const now = useNow();
  const { data: config } = useClientConfig();
  if (!record) return null;
  const left = record.expectStopAt - now;
  const urgency = urgencyOf(left, config?.renewalWindow ?? DEFAULT_RENEWAL_WINDOW);
  const text =
    left > 0
      ? translate('resources.instances.expires_in', { time: formatDuration(left, { short: true }) })
      : translate('resources.instances.expired');
  return (
    <Tooltip title={formatDateTime(record.expectStopAt, locale)}>
      <Typography
        variant="body2"
        data-urgency={urgency}
        sx={{
          color: urgencyColours[urgency],
          fontWeight: urgency === 'normal' ? undefined : 600,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {text}
      </Typography>
    </Tooltip>
  );
}
