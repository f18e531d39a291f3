/**
 * The organisers' console: react-admin mounted under `/admin`, inside the shell's router.
 * It shares the shell's QueryClient, MUI theme and i18next instance; this module (and so
 * react-admin) is loaded only when an admin route opens, and only for administrators (the shell's
 * ConsoleGate stands before it). Signing in happens on the shell's `/account/login` page.
 */
import { useMemo } from 'react';
import { Admin, CustomRoutes, Layout, Resource, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import challenges from '@/console/resources/challenges';
import flags from '@/console/resources/flags';
import games from '@/console/resources/games';
import instances from '@/console/resources/instances';
import logs from '@/console/resources/logs';
import notices from '@/console/resources/notices';
import awards from '@/console/resources/awards';
import participations from '@/console/resources/participations';
import posts from '@/console/resources/posts';
import { SettingsPage } from '@/console/resources/settings/SettingsPage';
import teams from '@/console/resources/teams';
import users from '@/console/resources/users';
import webhooks from '@/console/resources/webhooks';
import tokens from '@/console/resources/tokens';
import ssoProviders from '@/console/resources/ssoProviders';
import writeups from '@/console/resources/writeups';
import i18n from '@/lib/i18n';
import { AccessDenied } from '@/components/status/AccessDenied';
import { useAppTheme } from '@/lib/AppThemeProvider';
import { queryClient } from '@/lib/queryClient';
import { useClientConfig } from '@/lib/useClientConfig';
import { usePageTitle } from '@/lib/usePageTitle';
import { createAuthProvider } from './authProvider';
import { ConsoleAppBar } from './ConsoleAppBar';
import { consoleTheme } from './consoleTheme';
import { ConsoleMenu } from './ConsoleMenu';
import { Dashboard } from './Dashboard';
import { RegistrationUpdates } from './RegistrationUpdates';
import { dataProvider } from '@/console/data/dataProvider';
import { createI18nProvider } from './i18nProvider';

const i18nProvider = createI18nProvider(i18n);
const authProvider = createAuthProvider(queryClient);

/** Pages of the resources nested under a game (each owns its path, relative to `/admin`). */
const nestedPages: { path: string; Page: () => React.ReactNode }[] = [
  { path: games.infoPath, Page: games.edit },
  { path: participations.list.path, Page: participations.list },
  { path: notices.list.path, Page: notices.list },
  { path: awards.list.path, Page: awards.list },
  { path: writeups.list.path, Page: writeups.list },
  ...[challenges.list, challenges.create, challenges.edit, flags.list].map((Page) => ({
    path: Page.path,
    Page,
  })),
];

function ConsoleLayout({ children, ...props }: LayoutProps) {
  return (
    <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu}>
      <RegistrationUpdates />
      {children}
    </Layout>
  );
}

export default function Console() {
  const { theme: shellTheme } = useAppTheme();
  const theme = useMemo(() => consoleTheme(shellTheme), [shellTheme]);
  const { data: config } = useClientConfig();
  const platformTitle = config?.title ?? i18n.t('common.app_name');
  usePageTitle(i18n.t('console.page'));

  return (
    <Admin
      basename="/admin"
      title={`${platformTitle} CTF`}
      queryClient={queryClient}
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      requireAuth
      loginPage={false}
      accessDenied={AccessDenied}
      layout={ConsoleLayout}
      theme={theme}
      dashboard={Dashboard}
      disableTelemetry
    >
      <Resource name="users" {...users} />
      <Resource name="teams" {...teams} />
      <Resource name="games" {...games} />
      <Resource name="posts" {...posts} />
      <Resource name="instances" {...instances} />
      <Resource name="logs" {...logs} />
      <Resource name="webhooks" {...webhooks} />
      <Resource name="tokens" {...tokens} />
      <Resource name="ssoProviders" {...ssoProviders} />
      {/* nested under a game: declared here, their pages registered below */}
      <Resource
        name="challenges"
        icon={challenges.icon}
        recordRepresentation={challenges.recordRepresentation}
      />
      <Resource name="flags" icon={flags.icon} recordRepresentation={flags.recordRepresentation} />
      <Resource
        name="notices"
        icon={notices.icon}
        recordRepresentation={notices.recordRepresentation}
      />
      <Resource
        name="awards"
        icon={awards.icon}
        recordRepresentation={awards.recordRepresentation}
      />
      <Resource
        name="writeups"
        icon={writeups.icon}
        recordRepresentation={writeups.recordRepresentation}
      />
      <Resource
        name="participations"
        icon={participations.icon}
        recordRepresentation={participations.recordRepresentation}
      />
      <CustomRoutes>
        {nestedPages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path={SettingsPage.path} element={<SettingsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
