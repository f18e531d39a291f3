/** `/account/login` — sign in with user name or email; then continue to `?from=` or `/`. */
import { useState } from 'react';
import { Link as RouterLink, Navigate, useSearchParams, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { HttpError } from '@/api/client';
import { fieldValidator } from '@/api/validation';
import { useCaptcha } from '@/lib/captcha/useCaptcha';
import { CaptchaSubmit } from '@/pages/account/components/CaptchaSubmit';
import { useForm } from '@/lib/forms/useForm';
import { errorMessageOf, useNotify } from '@/lib/notifications';
import { statusOf } from '@/lib/notifications/describeError';
import { usePageTitle } from '@/lib/usePageTitle';
import { useLogin, useProfile } from '@/hooks/account';
import type { CaptchaInfo, SecondStepChallenge } from '@/api/types';
import { SecondStepCard } from '@/pages/account/components/SecondStepForm';
import { usePendingSecondStep } from '@/hooks/twoStep';
import { AccountCard } from '@/pages/account/components/AccountCard';
import { PasswordField } from '@/pages/account/components/PasswordField';
import { PasskeySignIn } from '@/pages/account/components/PasskeySignIn';
import { SsoSignIn } from '@/pages/account/components/SsoSignIn';
import { useSsoOptions } from '@/hooks/sso';
import { safeRedirect } from '@/lib/links';
import { playerPaths } from '@/lib/paths';

const validators = {
  userName: fieldValidator('LoginModel', 'userName'),
  password: fieldValidator('LoginModel', 'password'),
};

/** The captcha a 400 answer asks for in `data`, if it names one. */
function requiredCaptcha(error: unknown): CaptchaInfo | undefined {
  if (statusOf(error) !== 400 || !(error instanceof HttpError)) return undefined;
  const data = (error.body as { data?: Partial<CaptchaInfo> } | undefined)?.data;
  if (!data?.type || data.type === 'None') return undefined;
  return { type: data.type, siteKey: data.siteKey ?? '' };
}

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.login.page'));
  const [params] = useSearchParams();
  const from = safeRedirect(params.get('from'));
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: profile } = useProfile();
  // Set when the server asks for a captcha the policy does not (too many failed sign-ins).
  const [required, setRequired] = useState<CaptchaInfo>();
  const captcha = useCaptcha(required);
  const login = useLogin();
  const [failure, setFailure] = useState<string>();
  const form = useForm({ userName: '', password: '' }, validators);
  // Set when the password was right and a second step is asked (two-step sign-in).
  const [secondStep, setSecondStep] = useState<SecondStepChallenge>();
  const passwordSignUp = useSsoOptions().data?.passwordSignUp ?? true;
  const pending = usePendingSecondStep(params.has('second-step'));
  const challenge = secondStep ?? pending.challenge;

  if (profile && !login.isPending) return <Navigate to={from} replace />;
  if (challenge)
    return (
      <SecondStepCard
        challenge={challenge}
        onSignedIn={() => navigate(from, { replace: true })}
        onRestart={() => {
          setSecondStep(undefined);
          pending.forget();
        }}
      />
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate() || !captcha.ready) return;
    setFailure(undefined);
    login.mutate(
      { ...form.values, challenge: captcha.answer },
      {
        onSuccess: (result) =>
          result?.secondStep ? setSecondStep(result.secondStep) : navigate(from, { replace: true }),
        onError: (error) => {
          captcha.reset(); // an answer is good for one request
          const asked = requiredCaptcha(error);
          if (asked) setRequired(asked);
          // 401: wrong credentials, unconfirmed or banned account; 400 naming a captcha: the
          // account must solve it from now on. The title says which.
          if (asked || statusOf(error) === 401)
            setFailure(errorMessageOf(error) ?? t('account.login.failed'));
          else notify.error(error);
        },
      },
    );
  };

  return (
    <AccountCard title={t('account.login.title')} onSubmit={submit}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <SsoSignIn from={from} />
      <TextField
        {...form.field('userName')}
        label={t('account.fields.user_name_or_email')}
        autoComplete="username"
        autoFocus
        required
      />
      <PasswordField
        {...form.field('password')}
        label={t('account.fields.password')}
        autoComplete="current-password"
        required
      />
      <CaptchaSubmit captcha={captcha} pending={login.isPending}>
        {t('account.login.submit')}
      </CaptchaSubmit>
      <PasskeySignIn onSignedIn={() => navigate(from, { replace: true })} />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={playerPaths.recovery} variant="body2">
          {t('account.login.forgot')}
        </Link>
        {passwordSignUp && (
          <Link component={RouterLink} to={playerPaths.register} variant="body2">
            {t('account.login.register')}
          </Link>
        )}
      </Stack>
    </AccountCard>
  );
}
