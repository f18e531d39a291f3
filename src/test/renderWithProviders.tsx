/**
 * Renders a component as the app would: a fresh QueryClient, theme, i18n and a memory router.
 */
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { AppThemeProvider } from '../app/AppThemeProvider';

export function renderWithProviders(ui: ReactElement, { route = '/' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** What openapi-fetch resolves to, for mocking `api.GET` and friends. */
export function apiResult<T>(status: number, body: T) {
  const response = new Response(null, { status });
  return response.ok ? { data: body, response } : { error: body, response };
}
