/**
 * "Sign in with a passkey" on the sign-in page (issue 26): no user name, the authenticator offers
 * the passkeys it holds for this site. Shown only where the browser can use passkeys.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import KeyIcon from '@mui/icons-material/Key';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, useNotify } from '@/lib/notifications';
import { statusOf } from '@/lib/notifications/describeError';
import { isPasskeyCancelled, usePasskeySignIn } from '@/hooks/passkeys';

export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const signIn = usePasskeySignIn();
  const [failure, setFailure] = useState<string>();
  if (!browserSupportsWebAuthn()) return null;

  const start = () => {
    setFailure(undefined);
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (isPasskeyCancelled(error)) setFailure(t('passkeys.sign_in.cancelled'));
        else if (statusOf(error) === 401)
          setFailure(errorMessageOf(error) ?? t('passkeys.sign_in.failed'));
        else notify.error(error);
      },
    });
  };

  return (
    <Stack spacing={2}>
      <Divider>{t('passkeys.sign_in.or')}</Divider>
      {failure && <Alert severity="warning">{failure}</Alert>}
      <Button variant="outlined" startIcon={<KeyIcon />} onClick={start} loading={signIn.isPending}>
        {t('passkeys.sign_in.button')}
      </Button>
    </Stack>
  );
}
