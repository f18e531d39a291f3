/**
 * The web client: shared providers, then the routes. Every page is loaded on demand; the
 * react-admin console (`/admin/*`) is its own chunk and loads only when an admin route opens.
 * Routes match case-insensitively (react-router's default; never set `caseSensitive`).
 *
 * The router is a data router (one catch-all route holding the routes below) only because
 * blocking a navigation needs one: the console asks before leaving a form with unsaved changes.
 */
import { lazy, Suspense, useState } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Route,
  RouterProvider,
  Routes,
  useRouteError,
} from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppLayout } from './AppLayout';
import { AppThemeProvider } from '@/lib/AppThemeProvider';
import { ConsoleGate } from './ConsoleGate';
import { ErrorBoundary } from './ErrorBoundary';
import { NotificationProvider } from '@/lib/notifications';
import { PageLoader } from '@/lib/PageLoader';
import { queryClient } from '@/lib/queryClient';
import { TunnelRoot } from '@/tunnel/TunnelRoot';

const HomePage = lazy(() => import('@/pages/HomePage'));
const NotFoundPage = lazy(() => import('@/pages/NotFoundPage'));
const LoginPage = lazy(() => import('@/pages/account/LoginPage'));
const RegisterPage = lazy(() => import('@/pages/account/RegisterPage'));
const RecoveryPage = lazy(() => import('@/pages/account/RecoveryPage'));
const ResetPage = lazy(() => import('@/pages/account/ResetPage'));
const VerifyPage = lazy(() => import('@/pages/account/VerifyPage'));
const ConfirmPage = lazy(() => import('@/pages/account/ConfirmPage'));
const ProfilePage = lazy(() => import('@/pages/account/ProfilePage'));
const GamesPage = lazy(() => import('@/pages/games/GamesPage'));
const TeamPage = lazy(() => import('@/pages/teams/[teamId]/TeamPage'));
const GamePage = lazy(() => import('@/pages/games/[id]/GamePage'));
const ScoreboardPage = lazy(() => import('@/pages/games/[id]/scoreboard/ScoreboardPage'));
const ChallengesPage = lazy(() => import('@/pages/games/[id]/challenges/ChallengesPage'));
const MonitorLayout = lazy(() => import('@/pages/games/[id]/monitor/MonitorLayout'));
const MonitorEventsPage = lazy(() => import('@/pages/games/[id]/monitor/events/EventsPage'));
const MonitorSubmissionsPage = lazy(
  () => import('@/pages/games/[id]/monitor/submissions/SubmissionsPage'),
);
const MonitorHintUnlocksPage = lazy(
  () => import('@/pages/games/[id]/monitor/hints/HintUnlocksPage'),
);
const MonitorCheatInfoPage = lazy(
  () => import('@/pages/games/[id]/monitor/cheatinfo/CheatInfoPage'),
);
const MonitorTrafficPage = lazy(() => import('@/pages/games/[id]/monitor/traffic/TrafficPage'));
const AboutPage = lazy(() => import('@/pages/about/AboutPage'));
const TeamsPage = lazy(() => import('@/pages/teams/TeamsPage'));
const PostsPage = lazy(() => import('@/pages/posts/PostsPage'));
const PostPage = lazy(() => import('@/pages/posts/[postId]/PostPage'));
const PostEditPage = lazy(() => import('@/pages/posts/[postId]/edit/PostEditPage'));
const Console = lazy(() => import('@/console/Console'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <ConsoleGate>
            <Suspense fallback={<PageLoader fullPage />}>
              <Console />
            </Suspense>
          </ConsoleGate>
        }
      />
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="account">
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="recovery" element={<RecoveryPage />} />
          <Route path="reset" element={<ResetPage />} />
          <Route path="verify" element={<VerifyPage />} />
          <Route path="confirm" element={<ConfirmPage />} />
          <Route path="profile" element={<ProfilePage />} />
        </Route>
        <Route path="games" element={<GamesPage />} />
        <Route path="games/:id" element={<GamePage />} />
        <Route path="games/:id/scoreboard" element={<ScoreboardPage />} />
        <Route path="games/:id/challenges" element={<ChallengesPage />} />
        <Route path="games/:id/monitor" element={<MonitorLayout />}>
          <Route index element={<Navigate to="events" replace />} />
          <Route path="events" element={<MonitorEventsPage />} />
          <Route path="submissions" element={<MonitorSubmissionsPage />} />
          <Route path="cheatinfo" element={<MonitorCheatInfoPage />} />
          <Route path="traffic" element={<MonitorTrafficPage />} />
          <Route path="hints" element={<MonitorHintUnlocksPage />} />
        </Route>
        <Route path="about" element={<AboutPage />} />
        <Route path="teams" element={<TeamsPage />} />
        <Route path="teams/:teamId" element={<TeamPage />} />
        <Route path="posts" element={<PostsPage />} />
        <Route path="posts/:postId" element={<PostPage />} />
        <Route path="posts/:postId/edit" element={<PostEditPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Hands a render error on to the app's ErrorBoundary (a data router would catch it itself). */
function RethrowRouteError(): never {
  throw useRouteError();
}

const createAppRouter = () =>
  createBrowserRouter([
    {
      path: '*',
      element: (
        <TunnelRoot>
          <AppRoutes />
        </TunnelRoot>
      ),
      errorElement: <RethrowRouteError />,
    },
  ]);

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <ErrorBoundary>
          <NotificationProvider>
            <RouterProvider router={router} />
          </NotificationProvider>
        </ErrorBoundary>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
