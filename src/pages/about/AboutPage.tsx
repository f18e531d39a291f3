/**
 * `/about` — the platform's title, slogan and footer information (from `/api/config`), the Vexil
 * version it runs, and a short description of the platform with the way to its API reference.
 */
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/lib/useClientConfig';
import { usePageTitle } from '@/lib/usePageTitle';
import { VEXIL_VERSION } from '@/lib/version';
import { MarkdownContent } from '@/components/markdown/MarkdownContent';
import { LoadError } from '@/components/status/LoadError';
import { SlowLoadingHint } from '@/components/status/SlowLoadingHint';
import { PlatformDescription } from './PlatformDescription';

function SiteInfo() {
  const { t } = useTranslation();
  const query = useClientConfig();
  if (query.isPending) {
    return (
      <Stack spacing={1} aria-busy="true">
        <Skeleton variant="text" width="40%" sx={{ fontSize: '2.5rem' }} />
        <Skeleton variant="text" width="60%" />
        <SlowLoadingHint loading />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        error={query.error}
        title={t('home.config_error')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  const config = query.data;
  return (
    <Stack spacing={2}>
      <Typography variant="h3" component="h1" sx={{ wordBreak: 'break-word' }}>
        {t('about.title', { title: `${config.title} CTF` })}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        {config.slogan}
      </Typography>
      {config.footerInfo && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <MarkdownContent text={config.footerInfo} topHeading={2} />
        </Paper>
      )}
    </Stack>
  );
}

export default function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.page'));
  return (
    <Stack spacing={4} sx={{ maxWidth: 800 }}>
      <SiteInfo />
      <Divider />
      <PlatformDescription />
      <Typography variant="body2" color="text.secondary">
        {t('about.version', { version: VEXIL_VERSION })}
      </Typography>
    </Stack>
  );
}
