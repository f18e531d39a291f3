/**
 * `/account/register` — create an account. The outcome decides what follows: signed in at once,
 * or waiting for an administrator, or for the confirmation mail.
 */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { RegisterStatus } from '@/api/types';
import { combine, fieldValidator, sameAs } from '@/api/validation';
import { useCaptcha } from '@/lib/captcha/useCaptcha';
import { CaptchaSubmit } from '@/pages/account/components/CaptchaSubmit';
import { useForm, type FormValidator } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { usePageTitle } from '@/lib/usePageTitle';
import { useRegister } from '@/hooks/account';
import { AccountCard } from '@/pages/account/components/AccountCard';
import { NewPasswordFields } from '@/pages/account/components/NewPasswordFields';
import { SsoOnlySignUp } from '@/pages/account/components/SsoOnlySignUp';
import { useSsoOptions } from '@/hooks/sso';
import { playerPaths } from '@/lib/paths';

type Values = { userName: string; email: string; password: string; confirm: string };

const validators: Record<keyof Values, FormValidator<Values>> = {
  userName: fieldValidator('RegisterModel', 'userName'),
  email: fieldValidator('RegisterModel', 'email'),
  password: fieldValidator('RegisterModel', 'password'),
  confirm: (value, values) =>
    combine(
      fieldValidator('RegisterModel', 'password'),
      sameAs(() => values.password),
    )(value),
};

/** What to tell a user whose account is not usable yet. */
function PendingAccount({ status }: { status: RegisterStatus }) {
  const { t } = useTranslation();
  const admin = status === 'AdminConfirmationRequired';
  return (
    <AccountCard title={t('account.register.title')}>
      <Alert severity="info">
        <AlertTitle>
          {admin ? t('account.register.admin_title') : t('account.register.email_title')}
        </AlertTitle>
        {admin ? t('account.register.admin_text') : t('account.register.email_text')}
      </Alert>
      <Button component={RouterLink} to={playerPaths.login} variant="outlined">
        {t('account.register.to_login')}
      </Button>
    </AccountCard>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.register.page'));
  const navigate = useNavigate();
  const notify = useNotify();
  const captcha = useCaptcha();
  const register = useRegister();
  const [pending, setPending] = useState<RegisterStatus>();
  const ssoOptions = useSsoOptions();
  const form = useForm({ userName: '', email: '', password: '', confirm: '' }, validators);

  if (pending) return <PendingAccount status={pending} />;
  // Single-sign-on-only mode (or registration closed): no password sign-up form.
  if (ssoOptions.data?.passwordSignUp === false) return <SsoOnlySignUp />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate() || !captcha.ready) return;
    const { userName, email, password } = form.values;
    register.mutate(
      { userName, email, password, challenge: captcha.answer },
      {
        onSuccess: (result) => {
          if (result.data !== 'LoggedIn') return setPending(result.data);
          notify.show({ color: 'success', message: t('account.register.signed_in') });
          navigate('/', { replace: true });
        },
        onError: (error) => {
          captcha.reset(); // an answer is good for one request
          notify.error(error);
        },
      },
    );
  };

  return (
    <AccountCard
      title={t('account.register.title')}
      subtitle={t('account.register.subtitle')}
      onSubmit={submit}
    >
      <TextField
        {...form.field('userName', t('account.register.user_name_help'))}
        label={t('account.fields.user_name')}
        autoComplete="username"
        autoFocus
        required
      />
      <TextField
        {...form.field('email')}
        label={t('account.fields.email')}
        type="email"
        autoComplete="email"
        required
      />
      <NewPasswordFields
        password={form.field('password', t('account.password.rule'))}
        confirm={form.field('confirm')}
        label={t('account.fields.password')}
      />
      <CaptchaSubmit captcha={captcha} pending={register.isPending}>
        {t('account.register.submit')}
      </CaptchaSubmit>
      <Link component={RouterLink} to={playerPaths.login} variant="body2">
        {t('account.register.have_account')}
      </Link>
    </AccountCard>
  );
}
