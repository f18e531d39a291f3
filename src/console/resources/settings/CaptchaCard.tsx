/**
 * The captcha, read-only: its provider and keys come from the deployment's configuration, not
 * from these settings. `GET /api/captcha` names the provider only while the account policy's
 * `useCaptcha` is on (it answers `None` otherwise), so that is when the card can show it.
 */
import Alert from '@mui/material/Alert';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useCaptchaConfig } from '@/lib/captcha/captchaQueries';
import { SettingsCard } from './SettingsSection';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" sx={{ mb: 1 }}>
      <Typography component="span" variant="body2" color="text.secondary">
        {label}:{' '}
      </Typography>
      <Typography component="span" variant="body2" sx={{ wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Typography>
  );
}

function CaptchaFacts({ useCaptcha }: { useCaptcha: boolean }) {
  const translate = useTranslate();
  const { data, error, isPending } = useCaptchaConfig();
  if (!useCaptcha)
    return <Alert severity="info">{translate('resources.settings.captcha.off')}</Alert>;
  if (isPending) return <Skeleton width="60%" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  return (
    <>
      <Fact
        label={translate('resources.settings.captcha.provider')}
        value={translate(`resources.settings.captcha.providers.${data.type}`)}
      />
      {data.siteKey && (
        <Fact label={translate('resources.settings.captcha.site_key')} value={data.siteKey} />
      )}
      {data.type === 'None' && (
        <Alert severity="warning">{translate('resources.settings.captcha.no_provider')}</Alert>
      )}
    </>
  );
}

export function CaptchaCard({ useCaptcha }: { useCaptcha: boolean }) {
  const translate = useTranslate();
  return (
    <SettingsCard name="captcha">
      <CardContent sx={{ pt: 0 }}>
        <CaptchaFacts useCaptcha={useCaptcha} />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          {translate('resources.settings.captcha.deployment')}
        </Typography>
      </CardContent>
    </SettingsCard>
  );
}
