/**
 * The sign-in page's single sign-on part (issue 26): a button per enabled provider, each a plain
 * link to the server's start (the provider's pages take over the tab), and what a sign-in that
 * came back refused says (`?sso_error=`).
 */
import { useSearchParams } from 'react-router-dom';
import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ssoStartPath, useSsoOptions } from '@/hooks/sso';
import { ssoErrorOf, ssoErrorSeverity } from './ssoErrors';

export function SsoSignIn({ from }: { from: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const error = ssoErrorOf(params.get('sso_error'));
  const providers = useSsoOptions().data?.providers ?? [];
  return (
    <>
      {error && (
        <Alert severity={ssoErrorSeverity(error)} role="alert">
          {t(`sso.errors.${error}`)}
        </Alert>
      )}
      {providers.length > 0 && (
        <Stack spacing={1} aria-label={t('sso.providers')} component="nav">
          {providers.map((provider) => (
            <Button
              key={provider.id}
              variant="outlined"
              href={ssoStartPath(provider.id, from)}
              startIcon={<LoginIcon />}
            >
              {t('sso.sign_in_with', { name: provider.name })}
            </Button>
          ))}
          <Divider>{t('sso.or')}</Divider>
        </Stack>
      )}
    </>
  );
}
