/**
 * `/account/verify?token=…&email=…` — the sign-up confirmation mail's link. The account is
 * confirmed (and signed in by the server) as soon as the page opens.
 */
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/usePageTitle';
import { useVerifyEmail } from '@/hooks/account';
import { InvalidLink } from '@/pages/account/components/InvalidLink';
import { LinkOutcome } from '@/pages/account/components/LinkOutcome';
import { mailLinkParams } from '@/lib/links';
import { playerPaths } from '@/lib/paths';

export default function VerifyPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.verify.page'));
  const link = mailLinkParams(useLocation().search);
  const { mutate, status, error } = useVerifyEmail();
  const sent = useRef(false);
  const token = link?.token;
  const email = link?.email;

  useEffect(() => {
    // Once per page (tokens are single-use; StrictMode runs effects twice in development).
    if (!token || !email || sent.current) return;
    sent.current = true;
    mutate({ token, email });
  }, [token, email, mutate]);

  if (!link) {
    return (
      <InvalidLink
        title={t('account.verify.title')}
        retryTo={playerPaths.register}
        retryLabel={t('account.verify.register_again')}
      />
    );
  }

  return (
    <LinkOutcome
      title={t('account.verify.title')}
      status={status}
      error={error}
      pendingText={t('account.verify.pending')}
      successTitle={t('account.verify.done_title')}
      successText={t('account.verify.done_text')}
      actions={
        status === 'success' ? (
          <Button component={RouterLink} to="/" variant="contained">
            {t('account.verify.continue')}
          </Button>
        ) : (
          <Button component={RouterLink} to={playerPaths.login} variant="outlined">
            {t('account.verify.to_login')}
          </Button>
        )
      }
    />
  );
}
