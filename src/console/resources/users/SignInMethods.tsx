/**
 * The users list's "Sign-in" column (issue 26, item 5): a chip per way the user can sign in or
 * call the API, so that an organiser sees at a glance which staff accounts have a second step.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from '@/console/data/dataRoutes';

export function SignInMethods() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const methods = record?.signIn;
  if (!methods) return null;
  const label = (key: string) => translate(`resources.users.sign_in.${key}`);
  const chips = [
    methods.password && { key: 'password', label: label('password') },
    methods.authenticatorApp && { key: 'app', label: label('authenticator_app'), color: 'success' },
    methods.passkeys && { key: 'passkeys', label: label('passkeys'), color: 'success' },
    ...methods.singleSignOn.map((provider) => ({ key: `sso-${provider}`, label: provider })),
    methods.apiTokens && { key: 'tokens', label: label('api_tokens'), color: 'info' },
  ].filter(Boolean) as Array<{ key: string; label: string; color?: 'success' | 'info' }>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          size="small"
          variant="outlined"
          color={chip.color ?? 'default'}
          label={chip.label}
        />
      ))}
    </Stack>
  );
}
