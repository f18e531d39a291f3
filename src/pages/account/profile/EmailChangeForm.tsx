import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fieldValidator } from '@/api/validation';
import { useForm } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { useChangeEmail } from '@/hooks/account';

const validators = { newMail: fieldValidator('MailChangeModel', 'newMail') };

/** Asks for an email change; it takes effect when the link mailed to the new address is opened. */
export function EmailChangeForm({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm({ newMail: '' }, validators);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const { newMail } = form.values;
    change.mutate(
      { newMail },
      {
        onSuccess: () => {
          setSentTo(newMail);
          form.reset();
        },
        onError: notify.error,
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography variant="body2" color="text.secondary">
        {t('account.profile.email.current', { email: current ?? '—' })}
      </Typography>
      {sentTo && (
        <Alert severity="success" onClose={() => setSentTo(undefined)}>
          {t('account.profile.email.sent', { email: sentTo })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...form.field('newMail')}
          label={t('account.fields.new_email')}
          type="email"
          autoComplete="email"
          fullWidth
        />
        <Button
          type="submit"
          variant="outlined"
          loading={change.isPending}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
        >
          {t('account.profile.email.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
