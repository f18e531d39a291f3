/**
 * How to reach a running container. With the default port mapping the entry is `host:port`, to
 * copy. With the platform proxy it is the container's GUID: players connect through the local
 * tunnel (when a tunnel provider is present) or any WebSocket-to-TCP client, with the proxy URL.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { proxyUrlOf, TunnelSlot, useHasTunnel } from '@/components/challenge/TunnelSlot';
import { CopyableText } from './CopyableText';

/** A platform-proxy entry is a GUID: 36 characters without `:` (a default entry is host:port). */
export const isProxyEntry = (entry: string) =>
  /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(entry);

export interface InstanceEntryProps {
  entry: string;
  /** Names the tunnel in the daemon. */
  label: string;
}

export function InstanceEntry({ entry, label }: InstanceEntryProps) {
  const { t } = useTranslation();
  const hasTunnel = useHasTunnel();
  if (!isProxyEntry(entry)) {
    return <CopyableText value={entry} label={t('challenges.instance.address')} />;
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
