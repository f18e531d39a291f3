/** `/` — the platform's title and slogan, and the way to the console and the API docs. */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import DescriptionIcon from '@mui/icons-material/Description';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../app/useClientConfig';
import { usePageTitle } from '../app/usePageTitle';

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
      <Typography variant="h3" component="h1">
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

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle(t('home.page'));
  return (
    <Stack spacing={4} sx={{ py: { xs: 2, md: 6 } }}>
      <Heading />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button
          component={RouterLink}
          to="/admin"
          variant="contained"
          startIcon={<AdminPanelSettingsIcon />}
        >
          {t('home.admin_link')}
        </Button>
        <Button href="/api-docs" variant="outlined" startIcon={<DescriptionIcon />}>
          {t('home.api_docs_link')}
        </Button>
      </Stack>
    </Stack>
  );
}
