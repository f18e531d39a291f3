/**
 * The organisers' console: react-admin mounted under `/admin`, inside the shell's router.
 * It shares the shell's QueryClient, MUI theme and i18next instance; this module (and so
 * react-admin) is loaded only when an admin route opens, and only for administrators (the shell's
 * ConsoleGate stands before it). Signing in happens on the shell's `/account/login` page.
 */
import { Admin, CustomRoutes, Layout, Resource, type LayoutProps } from 'react-admin';
import { Route } from 'react-router-dom';
import challenges from '../../resources/challenges';
import flags from '../../resources/flags';
import games from '../../resources/games';
import users from '../../resources/users';
import i18n from '../app/i18n';
import { AccessDenied } from '../app/ConsoleGate';
import { useAppTheme } from '../app/AppThemeProvider';
import { queryClient } from '../app/queryClient';
import { useClientConfig } from '../app/useClientConfig';
import { usePageTitle } from '../app/usePageTitle';
import { createAuthProvider } from './authProvider';
import { ConsoleAppBar } from './ConsoleAppBar';
import { Dashboard } from './Dashboard';
import { dataProvider } from './dataProvider';
import { createI18nProvider } from './i18nProvider';

const i18nProvider = createI18nProvider(i18n);
const authProvider = createAuthProvider(queryClient);

/** Pages of the resources nested under a game (each owns its path, relative to `/admin`). */
const nestedPages: { path: string; Page: () => React.ReactNode }[] = [
  { path: games.infoPath, Page: games.edit },
  ...[challenges.list, challenges.create, challenges.edit, flags.list].map((Page) => ({
    path: Page.path,
    Page,
  })),
];

function ConsoleLayout(props: LayoutProps) {
  return <Layout {...props} appBar={ConsoleAppBar} />;
}

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
      <Resource name="games" {...games} />
      {/* nested under a game: declared here, their pages registered below */}
      <Resource
        name="challenges"
        icon={challenges.icon}
        recordRepresentation={challenges.recordRepresentation}
      />
      <Resource name="flags" icon={flags.icon} recordRepresentation={flags.recordRepresentation} />
      <CustomRoutes>
        {nestedPages.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
