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
import { ErrorBoundary } from './ErrorBoundary';
import { PageLoader } from './PageLoader';
import { queryClient } from './queryClient';

const HomePage = lazy(() => import('../pages/HomePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));
const Console = lazy(() => import('../console/Console'));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<PageLoader fullPage />}>
            <Console />
          </Suspense>
        }
      />
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
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
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ErrorBoundary>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
