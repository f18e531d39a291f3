import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { combine, fieldValidator, sameAs } from '@/api/validation';
import { useForm, type FormValidator } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { useChangePassword } from '@/hooks/account';
import { PasswordField } from '@/pages/account/components/PasswordField';

type Values = { old: string; new: string; confirm: string };

const newPassword = fieldValidator('PasswordChangeModel', 'new');
const validators: Record<keyof Values, FormValidator<Values>> = {
  old: fieldValidator('PasswordChangeModel', 'old'),
  new: newPassword,
  confirm: (value, values) =>
    combine(
      newPassword,
      sameAs(() => values.new),
    )(value),
};

export function PasswordChangeForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangePassword();
  const form = useForm({ old: '', new: '', confirm: '' }, validators);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    change.mutate(
      { old: form.values.old, new: form.values.new },
      {
        onSuccess: () => {
          form.reset();
          notify.show({ color: 'success', message: t('account.profile.password.changed') });
        },
        onError: notify.error,
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <PasswordField
        {...form.field('old')}
        label={t('account.fields.current_password')}
        autoComplete="current-password"
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PasswordField
          {...form.field('new', t('account.password.rule'))}
          label={t('account.fields.new_password')}
          autoComplete="new-password"
          required
          fullWidth
        />
        <PasswordField
          {...form.field('confirm')}
          label={t('account.fields.password_again')}
          autoComplete="new-password"
          required
          fullWidth
        />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={change.isPending}>
          {t('account.profile.password.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
