/** The register page when password sign-up is off (single-sign-on-only mode, or registration
 *  closed): the providers' buttons, which make an account at the first sign-in when allowed. */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { playerPaths } from '@/lib/paths';
import { AccountCard } from './AccountCard';
import { SsoSignIn } from './SsoSignIn';

export function SsoOnlySignUp() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('account.register.title')}>
      <Alert severity="info">{t('sso.register.no_password_sign_up')}</Alert>
      <SsoSignIn from="/" />
      <Link component={RouterLink} to={playerPaths.login} variant="body2">
        {t('account.register.have_account')}
      </Link>
    </AccountCard>
  );
}
