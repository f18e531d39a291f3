import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Profile, ProfileUpdate } from '@/api/types';
import { fieldValidator } from '@/api/validation';
import { optional, useForm } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { useUpdateProfile } from '@/hooks/account';

const validators = {
  userName: fieldValidator('ProfileUpdateModel', 'userName', { required: true }),
  bio: fieldValidator('ProfileUpdateModel', 'bio'),
  phone: fieldValidator('ProfileUpdateModel', 'phone'),
  realName: fieldValidator('ProfileUpdateModel', 'realName'),
  stdNumber: fieldValidator('ProfileUpdateModel', 'stdNumber'),
};

type Values = Record<keyof typeof validators, string>;

const valuesOf = (profile: Profile): Values => ({
  userName: profile.userName ?? '',
  bio: profile.bio ?? '',
  phone: profile.phone ?? '',
  realName: profile.realName ?? '',
  stdNumber: profile.stdNumber ?? '',
});

/**
 * The changed fields only. Text fields may be emptied, except the phone: the API rejects an
 * empty phone, so an emptied phone is left as it was.
 */
export function profileChanges(before: Values, after: Values): ProfileUpdate {
  const changes: ProfileUpdate = {};
  for (const key of Object.keys(after) as (keyof Values)[]) {
    if (after[key] === before[key]) continue;
    changes[key] = key === 'phone' || key === 'userName' ? optional(after[key]) : after[key];
  }
  return changes;
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateProfile();
  const initial = valuesOf(profile);
  const form = useForm(initial, validators);
  const changes = profileChanges(initial, form.values);
  const dirty = Object.keys(changes).length > 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate() || !dirty) return;
    update.mutate(changes, {
      onSuccess: () => notify.show({ color: 'success', message: t('account.profile.info.saved') }),
      onError: notify.error,
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextField {...form.field('userName')} label={t('account.fields.user_name')} required />
      <TextField {...form.field('realName')} label={t('account.fields.real_name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...form.field('stdNumber')} label={t('account.fields.std_number')} fullWidth />
        <TextField
          {...form.field('phone')}
          label={t('account.fields.phone')}
          type="tel"
          fullWidth
        />
      </Stack>
      <TextField {...form.field('bio')} label={t('account.fields.bio')} multiline minRows={2} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button disabled={!dirty || update.isPending} onClick={() => form.reset()}>
          {t('common.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={!dirty} loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
