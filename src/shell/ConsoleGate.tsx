/**
 * Stands before the console (`/admin/*`): visitors are sent to sign in and come back; signed-in
 * users who are not administrators get an "access denied" page. Only administrators cause the
 * console (and react-admin) to load at all.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { AccessDenied } from '@/components/status/AccessDenied';
import { useProfile } from '@/hooks/account';
import { errorMessageOf } from '@/lib/notifications';
import { PageLoader } from '@/lib/PageLoader';
import { loginPath } from '@/lib/paths';

export function ConsoleGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { data: profile, error, isPending, refetch } = useProfile();
  if (isPending) return <PageLoader fullPage />;
  if (error) {
    return (
      <Box sx={{ p: 4 }}>
        <Alert
          severity="error"
          action={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>}
        >
          {errorMessageOf(error) ?? t('common.error.unknown')}
        </Alert>
      </Box>
    );
  }
  if (!profile) {
    return <Navigate to={loginPath(pathname + search)} replace />;
  }
  if (profile.role !== 'Admin') return <AccessDenied />;
  return children;
}
