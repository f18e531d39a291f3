/**
 * `/account/profile` — the signed-in user's page: avatar, profile fields, password and email.
 * Visitors who are not signed in are sent to the sign-in page and brought back afterwards.
 */
import { Navigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/notifications';
import { PageLoader } from '@/lib/PageLoader';
import { usePageTitle } from '@/lib/usePageTitle';
import { useProfile } from '@/hooks/account';
import { AvatarUpload } from '@/components/AvatarUpload';
import { ApiTokensSection } from '@/pages/account/profile/ApiTokensSection';
import { EmailChangeForm } from '@/pages/account/profile/EmailChangeForm';
import { LinkedSignIns } from '@/pages/account/profile/LinkedSignIns';
import { PasswordChangeForm } from '@/pages/account/profile/PasswordChangeForm';
import { PasskeysSection } from '@/pages/account/profile/PasskeysSection';
import { ProfileForm } from '@/pages/account/profile/ProfileForm';
import { Section } from '@/pages/account/profile/Section';
import { TwoStepSection } from '@/pages/account/profile/TwoStepSection';
import { loginPath, playerPaths } from '@/lib/paths';

export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('account.profile.page'));
  const { data: profile, error, isPending } = useProfile();

  if (isPending) return <PageLoader />;
  if (error)
    return <Alert severity="error">{errorMessageOf(error) ?? t('common.error.unknown')}</Alert>;
  if (!profile) return <Navigate to={loginPath(playerPaths.profile)} replace />;

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('account.profile.title')}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={3}>
            <Section title={t('account.profile.avatar.title')}>
              <AvatarUpload profile={profile} />
            </Section>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            <Section title={t('account.profile.info.title')}>
              {/* a new form whenever the saved profile changes */}
              <ProfileForm key={JSON.stringify(profile)} profile={profile} />
            </Section>
            <Section title={t('account.profile.email.title')}>
              <EmailChangeForm current={profile.email} />
            </Section>
            <Section title={t('account.profile.password.title')}>
              <PasswordChangeForm />
            </Section>
            <Section title={t('twoStep.profile.title')}>
              <TwoStepSection account={profile.userName ?? ''} />
            </Section>
            <Section title={t('passkeys.title')}>
              <PasskeysSection />
            </Section>
            <Section title={t('sso.links.title')}>
              <LinkedSignIns />
            </Section>
            <Section title={t('apiTokens.title')}>
              <ApiTokensSection role={profile.role} />
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
