import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, memoryStore } from 'react-admin';
import i18n from '@/lib/i18n';
import { dataProvider } from '@/console/data/dataProvider';
import { createI18nProvider } from '@/console/i18nProvider';
import { fakeApi } from '@/test/apiMock';
import { buildProfile, buildUser } from '@/test/builders';
import { UserEdit } from './UserEdit';

const user = buildUser({ userName: 'bob', role: 'User' });
const { id, emailConfirmed: _c, registerTimeUtc: _r, lastVisitedUtc: _l, ip: _i, ...rest } = user;

function renderEdit() {
  return render(
    <MemoryRouter initialEntries={[`/users/${id}`]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={createI18nProvider(i18n)}
        store={memoryStore()}
      >
        <ResourceContextProvider value="users">
          <Routes>
            <Route path="/users/:id" element={<UserEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('UserEdit', () => {
  beforeEach(() => {
    fakeApi.on('GET', `/api/admin/users/${id}`, 200, buildProfile({ ...rest, userId: id }));
    fakeApi.on('POST', '/api/admin/users/search', 200, { data: [user], length: 1, total: 1 });
  });

  it('shows the new password once, after confirmation', async () => {
    fakeApi.on('DELETE', `/api/admin/users/${id}/password`, 200, 'aB3$kL9!mN2@pQ5x');
    renderEdit();
    expect(await screen.findByDisplayValue('bob')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Reset the password of bob?')).toBeTruthy();
    expect(fakeApi.requests('DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('aB3$kL9!mN2@pQ5x')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('aB3$kL9!mN2@pQ5x')).toBeNull());
  });

  it('bans by setting the role Banned', async () => {
    fakeApi.on('PUT', `/api/admin/users/${id}`, 200);
    renderEdit();
    await screen.findByDisplayValue('bob');
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fakeApi.requests('PUT')).toHaveLength(1));
    expect(fakeApi.requests('PUT')[0].body).toEqual({ role: 'Banned' });
    expect(await screen.findByRole('button', { name: 'Lift ban' })).toBeTruthy();
  });

  it('shows the confirmed flag that only the admin list knows', async () => {
    renderEdit();
    await screen.findByDisplayValue('bob');
    expect(screen.getByRole('switch', { name: 'Confirmed' })).toHaveProperty('checked', true);
  });
});
