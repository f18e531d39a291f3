/**
 * What the player is told when the tunnel fails (seed §8): the daemon offline (red), its version
 * too old (orange, id `wsrx-version-mismatch`), a refusal with the daemon's own text (red), or
 * anything else (red, "unknown error"). Each kind keeps one id, so repeats replace each other
 * instead of piling up; "went offline" shares the offline notice.
 */
import type { TFunction } from 'i18next';
import type { NoticeInput } from '@/lib/notifications';
import { TunnelError } from './errors';
import { TUNNEL_MIN_VERSION } from './states';

export const TUNNEL_NOTICE_IDS = {
  offline: 'tunnel-offline',
  versionMismatch: 'wsrx-version-mismatch',
  daemonError: 'tunnel-error',
  unknown: 'tunnel-unknown',
} as const;

export function tunnelErrorNotice(error: unknown, t: TFunction, api: string): NoticeInput {
  const kind = error instanceof TunnelError ? error.kind : undefined;
  switch (kind) {
    case 'daemon_unavailable':
      return {
        id: TUNNEL_NOTICE_IDS.offline,
        color: 'error',
        title: t('tunnel.error.unavailable_title'),
        message: t('tunnel.error.unavailable', { api }),
      };
    case 'daemon_version_mismatch':
      return {
        id: TUNNEL_NOTICE_IDS.versionMismatch,
        color: 'warning',
        title: t('tunnel.error.version_title'),
        message: t('tunnel.error.version', { minimum: TUNNEL_MIN_VERSION }),
        autoClose: false,
      };
    case 'daemon_error':
      return {
        id: TUNNEL_NOTICE_IDS.daemonError,
        color: 'error',
        title: t('tunnel.error.daemon_title'),
        message: (error as TunnelError).message || t('tunnel.error.daemon'),
      };
    default:
      return {
        id: TUNNEL_NOTICE_IDS.unknown,
        color: 'error',
        title: t('common.error.unknown'),
        message: t('tunnel.error.unknown'),
      };
  }
}

export function wentOfflineNotice(t: TFunction): NoticeInput {
  return {
    id: TUNNEL_NOTICE_IDS.offline,
    color: 'error',
    title: t('tunnel.error.went_offline_title'),
    message: t('tunnel.error.went_offline'),
  };
}
