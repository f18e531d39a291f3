/**
 * `/` — the platform's title and slogan, then the games closest to now and the latest news.
 * Administrators also find a discreet way to the console.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/lib/useClientConfig';
import { usePageTitle } from '@/lib/usePageTitle';
import { useProfile } from '@/hooks/account';
import { LatestPosts } from '@/pages/home/LatestPosts';
import { RecentGames } from '@/pages/home/RecentGames';
import { playerPaths } from '@/lib/paths';

function Heading() {
  const { t } = useTranslation();
  const { data: config, error, isPending } = useClientConfig();
  if (isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        <Skeleton variant="text" width="40%" sx={{ fontSize: '3rem' }} />
        <Skeleton variant="text" width="60%" />
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert severity="warning" variant="outlined">
        <AlertTitle>{t('home.config_error')}</AlertTitle>
        {error.message || t('common.error.unknown')}
      </Alert>
    );
  }
  return (
    <Stack spacing={1}>
      <Typography variant="h3" component="h1" sx={{ wordBreak: 'break-word' }}>
        {config.title}
        <Typography component="span" variant="inherit" color="primary">
          {' CTF'}
        </Typography>
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        {config.slogan}
      </Typography>
    </Stack>
  );
}

function ConsoleLink() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  if (profile?.role !== 'Admin') return null;
  return (
    <Button
      component={RouterLink}
      to={playerPaths.console}
      size="small"
      color="inherit"
      startIcon={<AdminPanelSettingsIcon />}
      sx={{ alignSelf: 'flex-start', color: 'text.secondary' }}
    >
      {t('home.console_link')}
    </Button>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.page'));
  return (
    <Stack spacing={5} sx={{ py: { xs: 1, md: 3 } }}>
      <Stack spacing={1}>
        <Heading />
        <ConsoleLink />
      </Stack>
      <RecentGames />
      <LatestPosts />
    </Stack>
  );
}
