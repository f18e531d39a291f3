import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/notifications';
import { TurnstileWidget } from './TurnstileWidget';
import type { Captcha } from './useCaptcha';

/** What the user sees of the captcha: the Turnstile widget, or the Hash-PoW progress. */
export function CaptchaField({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  if (captcha.error) {
    return (
      <Alert severity="error" variant="outlined">
        {t('captcha.failed', {
          message: errorMessageOf(captcha.error) ?? t('common.error.unknown'),
        })}
      </Alert>
    );
  }
  if (captcha.provider === 'CloudflareTurnstile') {
    return (
      <TurnstileWidget
        siteKey={captcha.siteKey}
        resetKey={captcha.resetKey}
        onToken={captcha.setToken}
        onError={captcha.setError}
      />
    );
  }
  if (captcha.provider !== 'HashPow') return null;
  return (
    <Stack spacing={0.5} aria-live="polite">
      {captcha.solving ? (
        <>
          <Typography variant="caption" color="text.secondary">
            {t('captcha.solving')}
          </Typography>
          <LinearProgress aria-label={t('captcha.solving')} />
        </>
      ) : (
        <Typography
          variant="caption"
          color="success.main"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <VerifiedUserIcon fontSize="inherit" />
          {t('captcha.solved')}
        </Typography>
      )}
    </Stack>
  );
}
