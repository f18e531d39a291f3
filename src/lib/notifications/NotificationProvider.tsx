/**
 * The shell's one notification mechanism: a stack of MUI alerts in the bottom-right corner,
 * above everything else (z-index 5000, the theme's `snackbar` layer).
 *
 * Colours follow the seed: red = 'error', orange = 'warning', teal = 'success'.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grow from '@mui/material/Grow';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_Z_INDEX } from '@/lib/theme';
import { describeError } from './describeError';
import { NotificationContext, type Notice, type NotificationApi } from './context';

const AUTO_CLOSE_MS = 5_000;

function NoticeItem({ notice, onClose }: { notice: Notice; onClose: (id: string) => void }) {
  const { t } = useTranslation();
  const { id, autoClose = AUTO_CLOSE_MS, loading } = notice;
  useEffect(() => {
    if (autoClose === false || loading) return undefined;
    const timer = setTimeout(() => onClose(id), autoClose);
    return () => clearTimeout(timer);
  }, [id, autoClose, loading, onClose, notice]);
  return (
    <Grow in>
      <Alert
        variant="filled"
        severity={notice.color ?? 'info'}
        icon={loading ? <CircularProgress size={20} color="inherit" /> : undefined}
        onClose={loading ? undefined : () => onClose(id)}
        slotProps={{ closeButton: { title: t('common.close') } }}
        sx={{ width: { xs: 'calc(100vw - 32px)', sm: 380 }, boxShadow: 6 }}
      >
        {notice.title && <AlertTitle>{notice.title}</AlertTitle>}
        {notice.message}
      </Alert>
    </Grow>
  );
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>([]);
  const counter = useRef(0);

  const hide = useCallback((id: string) => {
    setNotices((list) => list.filter((n) => n.id !== id));
  }, []);

  const api = useMemo<NotificationApi>(() => {
    const show: NotificationApi['show'] = (input) => {
      const id = input.id ?? `notice-${++counter.current}`;
      setNotices((list) => [...list.filter((n) => n.id !== id), { ...input, id }]);
      return id;
    };
    return {
      show,
      hide,
      update: (id, input) =>
        setNotices((list) => list.map((n) => (n.id === id ? { ...input, id } : n))),
      error: (error) => {
        const { titleKey, message, status } = describeError(error);
        if (status !== 429) console.warn('Request failed', error);
        return show({
          color: 'error',
          title: t(titleKey),
          message: message ?? t('common.error.unknown'),
        });
      },
    };
  }, [hide, t]);

  return (
    <NotificationContext.Provider value={api}>
      {children}
      <Box
        role="region"
        aria-label={t('common.notifications')}
        aria-live="polite"
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          zIndex: NOTIFICATION_Z_INDEX,
          display: 'flex',
          flexDirection: 'column',
          gap: 1,
          pointerEvents: notices.length ? 'auto' : 'none',
        }}
      >
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onClose={hide} />
        ))}
      </Box>
    </NotificationContext.Provider>
  );
}
