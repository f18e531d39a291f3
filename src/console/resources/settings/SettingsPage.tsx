/**
 * The site settings at `/settings` (the seed's `admin/Settings`): one card per section of
 * `/api/admin/config`, each saving on its own, plus the logo and the (read-only) captcha.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { Button, ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { AccountPolicySection } from './AccountPolicySection';
import { CaptchaCard } from './CaptchaCard';
import { ContainerPolicySection } from './ContainerPolicySection';
import { LogoCard } from './LogoCard';
import { PlatformSection } from './PlatformSection';
import { useSettings } from './useSettings';

function Loading() {
  return (
    <Stack spacing={2} aria-busy="true" sx={{ mt: 2 }}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={180} />
      ))}
    </Stack>
  );
}

export function SettingsPage() {
  const translate = useTranslate();
  const { data: settings, error, isPending, refetch } = useSettings();
  return (
    <ResourceContextProvider value="settings">
      <Title title={translate('resources.settings.name')} />
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={<Button label="ra.action.refresh" onClick={() => void refetch()} />}
        >
          {error.message || translate('common.error.unknown')}
        </Alert>
      ) : (
        <Box
          sx={{
            mt: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={2}>
            <PlatformSection record={settings.globalConfig} />
            <LogoCard logoHash={settings.globalConfig?.logoHash} />
          </Stack>
          <Stack spacing={2}>
            <AccountPolicySection record={settings.accountPolicy} />
            <CaptchaCard useCaptcha={settings.accountPolicy?.useCaptcha ?? false} />
            <ContainerPolicySection record={settings.containerPolicy} />
          </Stack>
        </Box>
      )}
    </ResourceContextProvider>
  );
}

SettingsPage.path = '/settings';
