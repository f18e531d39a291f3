/**
 * The local address of a tunnel, to paste into a tool: copy it, or open it in the browser (web
 * challenges). A tunnel listening on every interface is reached here through loopback.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notifications';

const COPIED_MS = 2_000;

/** `0.0.0.0:5000` → `127.0.0.1:5000`, `[::]:5000` → `[::1]:5000`. */
export function reachableAddress(local: string): string {
  return local.replace(/^0\.0\.0\.0:/, '127.0.0.1:').replace(/^\[::\]:/, '[::1]:');
}

export function TunnelAddress({ local }: { local: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const address = reachableAddress(local);
  const listensOnLan = address !== local;
  const port = local.slice(local.lastIndexOf(':') + 1);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => setCopied(true),
      (error: unknown) => notify.error(error),
    );

  return (
    <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Box
          component="code"
          aria-label={t('tunnel.local_address')}
          sx={{ fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all', minWidth: 0 }}
        >
          {address}
        </Box>
        <Tooltip title={copied ? t('common.copied') : t('common.copy')}>
          <IconButton
            size="small"
            onClick={() => void copy()}
            aria-label={t('tunnel.copy_address')}
          >
            {copied ? (
              <CheckIcon fontSize="small" color="success" />
            ) : (
              <ContentCopyIcon fontSize="small" />
            )}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('tunnel.open', { address })}>
          <IconButton
            size="small"
            href={`http://${address}`}
            target="_blank"
            rel="noreferrer"
            aria-label={t('tunnel.open', { address })}
          >
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      {listensOnLan && (
        <Typography variant="caption" color="text.secondary">
          {t('tunnel.lan_note', { port })}
        </Typography>
      )}
    </Stack>
  );
}
