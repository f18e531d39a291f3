/**
 * Stands before the console (`/admin/*`): visitors are sent to sign in and come back; signed-in
 * users who are not administrators get an "access denied" page. Only administrators cause the
 * console (and react-admin) to load at all.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/hooks/account';
import { loginPath } from './links';
import { errorMessageOf } from './notifications';
import { PageLoader } from './PageLoader';
import { usePageTitle } from './usePageTitle';

/** The console is for administrators only. */
export function AccessDenied() {
  const { t } = useTranslation();
  usePageTitle(t('console.access_denied.page'));
  return (
    <Box
      sx={{
        minHeight: '80vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 480 }}>
        <LockIcon color="error" sx={{ fontSize: 64 }} />
        <Typography variant="h4" component="h1">
          {t('console.access_denied.title')}
        </Typography>
        <Typography color="text.secondary">{t('console.access_denied.message')}</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('console.access_denied.home')}
        </Button>
      </Stack>
    </Box>
  );
}

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
