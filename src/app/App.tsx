/**
 * The web client: shared providers, then the routes. Every page is loaded on demand; the
 * react-admin console (`/admin/*`) is its own chunk and loads only when an admin route opens.
 * Routes match case-insensitively (react-router's default; never set `caseSensitive`).
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppLayout } from './AppLayout';
import { AppThemeProvider } from './AppThemeProvider';
import { ConsoleGate } from './ConsoleGate';
import { ErrorBoundary } from './ErrorBoundary';
import { NotificationProvider } from './notifications';
import { PageLoader } from './PageLoader';
import { queryClient } from './queryClient';

const HomePage = lazy(() => import('../pages/HomePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const LoginPage = lazy(() => import('../pages/account/LoginPage'));
const RegisterPage = lazy(() => import('../pages/account/RegisterPage'));
const RecoveryPage = lazy(() => import('../pages/account/RecoveryPage'));
const ResetPage = lazy(() => import('../pages/account/ResetPage'));
const VerifyPage = lazy(() => import('../pages/account/VerifyPage'));
const ConfirmPage = lazy(() => import('../pages/account/ConfirmPage'));
const ProfilePage = lazy(() => import('../pages/account/ProfilePage'));
const Console = lazy(() => import('../console/Console'));

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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <ErrorBoundary>
          <NotificationProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </NotificationProvider>
        </ErrorBoundary>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
