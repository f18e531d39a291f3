/**
 * The tunnel control of a platform-proxy instance: it wakes the tunnel session, and once the
 * daemon is usable maps the instance's proxy URL to a local port and shows `127.0.0.1:port` to
 * use. Before that it says what is missing: a daemon (with Connect and where to get one), the
 * player's approval in the daemon, or a port that failed to open (with Retry). The settings
 * button opens the tunnel options.
 */
import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslation } from 'react-i18next';
import type { TunnelConnectProps } from '@/components/challenge/TunnelSlot';
import { findTunnel } from './session';
import { TunnelAddress } from './TunnelAddress';
import { TunnelSettings } from './TunnelSettings';
import { useTunnel } from './useTunnel';

const DAEMON_RELEASES_URL = 'https://github.com/XDSEC/WebSocketReflectorX/releases';

function Waiting({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
      <CircularProgress size={16} aria-hidden />
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

function TunnelStatus({ proxyUrl, label }: Omit<TunnelConnectProps, 'entry'>) {
  const { t } = useTranslation();
  const tunnel = useTunnel();
  const { state, options, mappings } = tunnel;
  const mapping = findTunnel(tunnel.instances, proxyUrl, options.allowLan);
  const failed = mappings[proxyUrl]?.phase === 'failed';

  if (state === 'Usable' && mapping) return <TunnelAddress local={mapping.local} />;
  if (state === 'Usable' && failed) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="error">
          {t('tunnel.map_failed')}
        </Typography>
        <Button size="small" onClick={() => tunnel.retryMapping(proxyUrl, label)}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (state === 'Usable') return <Waiting>{t('tunnel.mapping')}</Waiting>;
  if (state === 'Pending')
    return <Waiting>{t('tunnel.pending', { name: tunnel.siteName })}</Waiting>;
  if (!tunnel.checked || tunnel.connecting) return <Waiting>{t('tunnel.checking')}</Waiting>;
  return (
    <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2">{t('tunnel.offline', { api: options.api })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('tunnel.offline_help')}{' '}
        <Link href={DAEMON_RELEASES_URL} target="_blank" rel="noreferrer">
          {t('tunnel.get_daemon')}
        </Link>
      </Typography>
      <Box>
        <Button size="small" variant="outlined" onClick={tunnel.connect}>
          {t('tunnel.connect')}
        </Button>
      </Box>
    </Stack>
  );
}

export default function TunnelConnectButton({ proxyUrl, label }: TunnelConnectProps) {
  const { t } = useTranslation();
  const { activate, ensureMapped, state, options, instances } = useTunnel();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mapped = findTunnel(instances, proxyUrl, options.allowLan) !== undefined;

  useEffect(() => activate(), [activate]);
  useEffect(() => {
    if (state === 'Usable' && !mapped) ensureMapped(proxyUrl, label);
  }, [state, mapped, proxyUrl, label, ensureMapped]);

  return (
    <Box
      role="group"
      aria-label={t('tunnel.title')}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        p: 1,
        pl: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Box role="status" sx={{ flex: 1, minWidth: 0, display: 'flex', py: 0.5 }}>
        <TunnelStatus proxyUrl={proxyUrl} label={label} />
      </Box>
      <Tooltip title={t('tunnel.settings.open')}>
        <IconButton
          size="small"
          onClick={() => setSettingsOpen(true)}
          aria-label={t('tunnel.settings.open')}
        >
          <SettingsIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <TunnelSettings open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Box>
  );
}
