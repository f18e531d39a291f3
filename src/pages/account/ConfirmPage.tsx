/**
 * `/account/confirm?token=…&email=…` — the email-change mail's link. Needs the user signed in
 * (else: sign in first, then back here); the change is confirmed as soon as the page opens.
 */
import { useEffect, useRef } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { statusOf } from '@/lib/notifications/describeError';
import { PageLoader } from '@/lib/PageLoader';
import { usePageTitle } from '@/lib/usePageTitle';
import { useConfirmMailChange, useProfile } from '@/hooks/account';
import { InvalidLink } from '@/pages/account/components/InvalidLink';
import { LinkOutcome } from '@/pages/account/components/LinkOutcome';
import { mailLinkParams } from '@/lib/links';
import { loginPath, playerPaths } from '@/lib/paths';

export default function ConfirmPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.confirm.page'));
  const { pathname, search } = useLocation();
  const link = mailLinkParams(search);
  const profile = useProfile();
  const { mutate, status, error } = useConfirmMailChange();
  const sent = useRef(false);
  const signedIn = !!profile.data;
  const token = link?.token;
  const email = link?.email;

  useEffect(() => {
    if (!signedIn || !token || !email || sent.current) return;
    sent.current = true;
    mutate({ token, email });
  }, [signedIn, token, email, mutate]);

  if (!link) {
    return (
      <InvalidLink
        title={t('account.confirm.title')}
        retryTo={playerPaths.profile}
        retryLabel={t('account.confirm.to_profile')}
      />
    );
  }
  if (profile.isPending) return <PageLoader />;
  if (profile.data === null || statusOf(error) === 401) {
    return <Navigate to={loginPath(pathname + search)} replace />;
  }

  return (
    <LinkOutcome
      title={t('account.confirm.title')}
      status={profile.isError ? 'error' : status}
      error={profile.error ?? error}
      pendingText={t('account.confirm.pending')}
      successTitle={t('account.confirm.done_title')}
      successText={t('account.confirm.done_text')}
      actions={
        <Button component={RouterLink} to={playerPaths.profile} variant="outlined">
          {t('account.confirm.to_profile')}
        </Button>
      }
    />
  );
}
