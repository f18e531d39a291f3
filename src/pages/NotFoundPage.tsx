/** Any unmatched path. */
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageTitle(t('not_found.page'));
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography variant="h2" component="h1" color="primary">
        404
      </Typography>
      <Typography variant="h5">{t('not_found.title')}</Typography>
      <Typography color="text.secondary">{t('not_found.message', { path: pathname })}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('not_found.back_home')}
      </Button>
    </Stack>
  );
}
