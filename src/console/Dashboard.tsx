/** The console's landing page at `/admin`. Resource shortcuts and statistics come later. */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/lib/useClientConfig';

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
