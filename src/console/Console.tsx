/**
 * The organisers' console: react-admin mounted under `/admin`, inside the shell's router.
 * It shares the shell's QueryClient, MUI theme and i18next instance; this module (and so
 * react-admin) is loaded only when an admin route opens.
 *
 * Resources are registered here as they are added: `<Resource name="users" {...users} />`.
 * Until the first one is, react-admin renders `ready` (no layout) instead of the dashboard.
 */
import { Admin } from 'react-admin';
import i18n from '../app/i18n';
import { useAppTheme } from '../app/AppThemeProvider';
import { queryClient } from '../app/queryClient';
import { useClientConfig } from '../app/useClientConfig';
import { usePageTitle } from '../app/usePageTitle';
import { ConsoleReady, Dashboard } from './Dashboard';
import { createI18nProvider } from './i18nProvider';

const i18nProvider = createI18nProvider(i18n);

export default function Console() {
  const { theme } = useAppTheme();
  const { data: config } = useClientConfig();
  const platformTitle = config?.title ?? i18n.t('common.app_name');
  usePageTitle(i18n.t('console.page'));

  return (
    <Admin
      basename="/admin"
      title={`${platformTitle} CTF`}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      theme={theme}
      dashboard={Dashboard}
      ready={ConsoleReady}
      disableTelemetry
    />
  );
}
