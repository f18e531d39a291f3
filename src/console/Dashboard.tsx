/** The console's landing page at `/admin`. Resource shortcuts and statistics come later. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../app/useClientConfig';

export function Dashboard() {
  const { t } = useTranslation();
  const { data: config } = useClientConfig();
  const title = `${config?.title ?? t('common.app_name')} CTF`;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('console.dashboard.title')} />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('console.dashboard.welcome', { title })}
        </Typography>
        <Typography color="text.secondary">{t('console.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}

/** Shown by react-admin while no resource is registered (it then has no layout to render into). */
export function ConsoleReady() {
  return (
    <Box component="main" sx={{ p: 2, minHeight: '100vh', bgcolor: 'background.default' }}>
      <Dashboard />
    </Box>
  );
}
