/**
 * Renders console pages as the console would: react-admin's context over the real dataProvider
 * (whose client the test replaces with the fake API), a query client with the console's rules, i18n, notifications and a memory router
 * whose `path` pattern matches `route`. Other paths render a location probe, so tests can see
 * where a page navigated to. The router is a data router, as the shell's is (forms can then
 * block a navigation while they hold unsaved changes).
 */
import type { ReactElement } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { AdminContext, Notification, ResourceContextProvider, memoryStore } from 'react-admin';
import i18n from '@/lib/i18n';
import { dataProvider } from '@/console/data/dataProvider';
import { createI18nProvider } from '@/console/i18nProvider';
import { createQueryClient } from '@/lib/queryClient';

const i18nProvider = createI18nProvider(i18n);

function Elsewhere() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

export function renderConsole(
  ui: ReactElement,
  { route, path, resource }: { route: string; path: string; resource?: string },
) {
  const page = resource ? (
    <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>
  ) : (
    ui
  );
  const tree = (
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={memoryStore()}
      queryClient={createQueryClient()}
    >
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <Notification />
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '*', element: tree }], {
    initialEntries: [route],
  });
  return { ...render(<RouterProvider router={router} />), router };
}

/** A list envelope, as the API sends it. */
export const envelope = <T,>(data: T[], total = data.length) => ({
  data,
  length: data.length,
  total,
});
