/**
 * How to reach a running container. With the default port mapping the entry is `host:port`, to
 * copy, and for a web challenge a link that opens it in a new tab. With the platform proxy it is
 * the container's GUID: players connect through the local tunnel (when a tunnel provider is
 * present) or any WebSocket-to-TCP client, with the proxy URL.
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { proxyUrlOf, TunnelSlot, useHasTunnel } from '@/components/challenge/TunnelSlot';
import { CopyableText } from './CopyableText';

/** A platform-proxy entry is a GUID: 36 characters without `:` (a default entry is host:port). */
export const isProxyEntry = (entry: string) =>
  /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(entry);

/** The address a browser opens for an entry (`host:port` is served over plain HTTP). */
export const webAddressOf = (entry: string) =>
  /^https?:\/\//i.test(entry) ? entry : `http://${entry}`;

export interface InstanceEntryProps {
  entry: string;
  /** Names the tunnel in the daemon. */
  label: string;
  /** A web challenge: offer to open the address in the browser. */
  web?: boolean;
}

export function InstanceEntry({ entry, label, web = false }: InstanceEntryProps) {
  const { t } = useTranslation();
  const hasTunnel = useHasTunnel();
  if (!isProxyEntry(entry)) {
    const http = /^https?:\/\//i.test(entry);
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <CopyableText value={entry} label={t('challenges.instance.address')} />
        {(web || http) && (
          <Button
            size="small"
            variant="outlined"
            href={webAddressOf(entry)}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<OpenInNewIcon />}
          >
            {t('challenges.instance.open')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {hasTunnel ? t('challenges.instance.tunnel_help') : t('challenges.instance.proxy_help')}
      </Typography>
      <TunnelSlot entry={entry} label={label} />
      <CopyableText value={proxyUrlOf(entry)} label={t('challenges.instance.proxy_url')} />
    </Stack>
  );
}
