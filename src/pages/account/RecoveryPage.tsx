/** `/account/recovery` — ask for a password-reset mail. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { fieldValidator } from '@/api/validation';
import { useCaptcha } from '@/lib/captcha/useCaptcha';
import { CaptchaSubmit } from '@/pages/account/components/CaptchaSubmit';
import { useForm } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { usePageTitle } from '@/lib/usePageTitle';
import { useRecovery } from '@/hooks/account';
import { AccountCard } from '@/pages/account/components/AccountCard';
import { playerPaths } from '@/lib/paths';

const validators = { email: fieldValidator('RecoveryModel', 'email') };

export default function RecoveryPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.recovery.page'));
  const notify = useNotify();
  const captcha = useCaptcha();
  const recovery = useRecovery();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({ email: '' }, validators);

  if (sentTo) {
    return (
      <AccountCard title={t('account.recovery.title')}>
        <Alert severity="success">
          <AlertTitle>{t('account.recovery.sent_title')}</AlertTitle>
          {t('account.recovery.sent_text', { email: sentTo })}
        </Alert>
        <Button component={RouterLink} to={playerPaths.login} variant="outlined">
          {t('account.recovery.to_login')}
        </Button>
      </AccountCard>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate() || !captcha.ready) return;
    const { email } = form.values;
    recovery.mutate(
      { email, challenge: captcha.answer },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => {
          captcha.reset(); // an answer is good for one request
          notify.error(error);
        },
      },
    );
  };

  return (
    <AccountCard
      title={t('account.recovery.title')}
      subtitle={t('account.recovery.subtitle')}
      onSubmit={submit}
    >
      <TextField
        {...form.field('email')}
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        autoFocus
        required
      />
      <CaptchaSubmit captcha={captcha} pending={recovery.isPending}>
        {t('account.recovery.submit')}
      </CaptchaSubmit>
      <Link component={RouterLink} to={playerPaths.login} variant="body2">
        {t('account.recovery.to_login')}
      </Link>
    </AccountCard>
  );
}
