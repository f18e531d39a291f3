/**
 * One tunnel session for the whole app, idle until a proxied instance asks for it; failures
 * become notifications (./notices.ts), except a missing daemon on the very first try, which the
 * instance panel shows quietly instead.
 */
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notifications';
import { useClientConfig } from '@/lib/useClientConfig';
import { TUNNEL_NOTICE_IDS, tunnelErrorNotice, wentOfflineNotice } from './notices';
import { readTunnelOptions, writeTunnelOptions, type TunnelOptions } from './options';
import { TunnelSession } from './session';
import { TUNNEL_FEATURES } from './states';
import { TunnelContext, type TunnelContextValue } from './useTunnel';

export function TunnelProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { data: config } = useClientConfig();
  const [options, setOptions] = useState(readTunnelOptions);
  const [session] = useState(() => new TunnelSession(options.api));
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);

  const defaultSiteName = `${config?.title || t('common.app_name')} CTF`;
  const siteName = options.name.trim() || defaultSiteName;

  useEffect(() => session.setApi(options.api), [session, options.api]);
  useEffect(
    () => session.setRegistration({ name: siteName, features: TUNNEL_FEATURES }),
    [session, siteName],
  );
  useEffect(
    () =>
      session.setReporter({
        onError: (error) => void notify.show(tunnelErrorNotice(error, t, options.api)),
        onWentOffline: () => void notify.show(wentOfflineNotice(t)),
      }),
    [session, notify, t, options.api],
  );
  // Once a daemon answers again, the notices that it was offline or too old are out of date.
  const reachable = snapshot.state !== 'Invalid';
  useEffect(() => {
    if (!reachable) return;
    notify.hide(TUNNEL_NOTICE_IDS.offline);
    notify.hide(TUNNEL_NOTICE_IDS.versionMismatch);
  }, [reachable, notify]);
  useEffect(() => session.stop, [session]);

  const value = useMemo<TunnelContextValue>(
    () => ({
      ...snapshot,
      options,
      siteName,
      defaultSiteName,
      activate: session.activate,
      connect: session.connect,
      ensureMapped: (remote, label) =>
        session.ensureMapped(remote, { label, allowLan: options.allowLan }),
      retryMapping: (remote, label) =>
        session.retryMapping(remote, { label, allowLan: options.allowLan }),
      saveOptions: (next: TunnelOptions) => {
        writeTunnelOptions(next);
        setOptions(next);
        // A new name only reaches a daemon that does not know the site yet: ask again.
        if (next.api === options.api && snapshot.state === 'Invalid') session.connect();
      },
    }),
    [snapshot, options, siteName, defaultSiteName, session],
  );

  return <TunnelContext.Provider value={value}>{children}</TunnelContext.Provider>;
}
