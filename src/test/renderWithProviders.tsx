/**
 * Renders a component as the app would: a fresh QueryClient, theme, i18n, notifications and a
 * memory router.
 */
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AppThemeProvider } from '@/lib/AppThemeProvider';
import { NotificationProvider } from '@/lib/notifications';

/** Shows the current location, so tests can see where a page navigated to. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="location" hidden>
      {pathname + search}
    </output>
  );
}

export function renderWithProviders(ui: ReactElement, { route = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <NotificationProvider>
          <MemoryRouter initialEntries={[route]}>
            {ui}
            <LocationProbe />
          </MemoryRouter>
        </NotificationProvider>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
  const location = () => result.getByTestId('location').textContent;
  return { ...result, queryClient, location };
}

/** What openapi-fetch resolves to, for mocking `api.GET` and friends. */
export function apiResult<T>(status: number, body: T) {
  const response = new Response(null, { status });
  return response.ok ? { data: body, response } : { error: body, response };
}
