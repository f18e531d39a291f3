/**
 * `/account/reset?token=…&email=…` — the password-reset mail's link: choose a new password. The
 * Base64 token and email are sent back exactly as the link carries them.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { combine, fieldValidator, sameAs } from '@/api/validation';
import { useForm, type FormValidator } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { usePageTitle } from '@/lib/usePageTitle';
import { usePasswordReset } from '@/hooks/account';
import { AccountCard } from '@/pages/account/components/AccountCard';
import { InvalidLink } from '@/pages/account/components/InvalidLink';
import { NewPasswordFields } from '@/pages/account/components/NewPasswordFields';
import { mailLinkParams } from '@/lib/links';
import { playerPaths } from '@/lib/paths';

type Values = { password: string; confirm: string };

const password = fieldValidator('PasswordResetModel', 'password');
const validators: Record<keyof Values, FormValidator<Values>> = {
  password,
  confirm: (value, values) =>
    combine(
      password,
      sameAs(() => values.password),
    )(value),
};

export default function ResetPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.reset.page'));
  const link = mailLinkParams(useLocation().search);
  const navigate = useNavigate();
  const notify = useNotify();
  const reset = usePasswordReset();
  const form = useForm({ password: '', confirm: '' }, validators);

  if (!link) {
    return (
      <InvalidLink
        title={t('account.reset.title')}
        retryTo={playerPaths.recovery}
        retryLabel={t('account.reset.new_link')}
      />
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    reset.mutate(
      { password: form.values.password, email: link.email, rToken: link.token },
      {
        onSuccess: () => {
          notify.show({ color: 'success', message: t('account.reset.done') });
          navigate(playerPaths.login, { replace: true });
        },
        onError: notify.error,
      },
    );
  };

  return (
    <AccountCard
      title={t('account.reset.title')}
      subtitle={t('account.reset.subtitle')}
      onSubmit={submit}
    >
      <NewPasswordFields
        password={form.field('password', t('account.password.rule'))}
        confirm={form.field('confirm')}
        label={t('account.fields.new_password')}
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
        {t('account.reset.submit')}
      </Button>
    </AccountCard>
  );
}
