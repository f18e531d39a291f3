/** Makes a personal API token: name, expiry (a choice of lengths) and scope (issue 26). */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { ApiTokenCreated, ApiTokenScope, Role } from '@/api/types';
import { enumChoices, fieldValidator } from '@/api/validation';
import { useForm } from '@/lib/forms/useForm';
import { useNotify } from '@/lib/notifications';
import { useCreateApiToken } from '@/hooks/apiTokens';

const DAY = 24 * 60 * 60 * 1000;
/** Lengths offered, in days; `never` keeps the token until it is revoked. */
const EXPIRIES = ['7', '30', '90', '365', 'never'] as const;

type Values = { name: string; expiry: string; scope: string };

const validators = { name: fieldValidator('ApiTokenCreateModel', 'name') };

export function ApiTokenCreateForm({
  role,
  onCreated,
}: {
  role: Role;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateApiToken();
  const form = useForm<Values>({ name: '', expiry: '30', scope: 'Play' }, validators);
  // The Admin scope is for administrators only (the server refuses it to others too).
  const scopes = enumChoices('ApiTokenScope').filter((s) => s !== 'Admin' || role === 'Admin');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.validate()) return;
    const { name, expiry, scope } = form.values;
    create.mutate(
      {
        name: name.trim(),
        scope: scope as ApiTokenScope,
        expiresAt: expiry === 'never' ? null : Date.now() + Number(expiry) * DAY,
      },
      {
        onSuccess: (created) => {
          form.reset();
          onCreated(created);
        },
        onError: notify.error,
      },
    );
  };

  const select = (name: 'expiry' | 'scope') => {
    const { value, onChange } = form.field(name);
    return { name, value, onChange, select: true, fullWidth: true };
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextField
        {...form.field('name', t('apiTokens.name_hint'))}
        label={t('apiTokens.name')}
        required
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField {...select('expiry')} label={t('apiTokens.expiry')}>
          {EXPIRIES.map((days) => (
            <MenuItem key={days} value={days}>
              {days === 'never'
                ? t('apiTokens.never')
                : t('apiTokens.days', { count: Number(days) })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...select('scope')}
          label={t('apiTokens.scope')}
          helperText={t(`apiTokens.scopes.${form.values.scope as ApiTokenScope}_hint`)}
        >
          {scopes.map((scope) => (
            <MenuItem key={scope} value={scope}>
              {t(`apiTokens.scopes.${scope}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('apiTokens.create')}
        </Button>
      </Stack>
    </Stack>
  );
}
