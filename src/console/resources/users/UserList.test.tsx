import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, memoryStore } from 'react-admin';
import i18n from '@/lib/i18n';
import { dataProvider } from '@/console/data/dataProvider';
import { createI18nProvider } from '@/console/i18nProvider';
import { fakeApi, problem } from '@/test/apiMock';
import { buildUser } from '@/test/builders';
import { UserList } from './UserList';

const i18nProvider = createI18nProvider(i18n);

function renderList() {
  return render(
    <MemoryRouter initialEntries={['/users']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceContextProvider value="users">
          <UserList />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const page = <T,>(data: T[], total = data.length) => ({ data, length: data.length, total });

describe('UserList', () => {
  it('shows users with their role, and pages by count/skip', async () => {
    const users = [
      buildUser({ userName: 'alice', role: 'Admin' }),
      buildUser({ userName: 'eve', role: 'Banned', emailConfirmed: false }),
    ];
    fakeApi.on('GET', '/api/admin/users', 200, page(users, 2));
    renderList();
    expect(await screen.findByText('alice')).toBeTruthy();
    expect(screen.getByText('eve')).toBeTruthy();
    expect(screen.getByText('Administrator')).toBeTruthy();
    expect(screen.getByText('Banned')).toBeTruthy();
    expect(screen.getByText('User name')).toBeTruthy(); // resources.users.fields.userName
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    const [request] = fakeApi.requests('GET', '/api/admin/users');
    expect(Object.fromEntries(request.query)).toEqual({ skip: '0', count: '25' });
  });

  it('shows how each user signs in: password, second steps, single sign-on, API tokens', async () => {
    const none = { authenticatorApp: false, passkeys: false, singleSignOn: [], apiTokens: false };
    const users = [
      buildUser({
        userName: 'alice',
        role: 'Admin',
        signIn: { ...none, password: true, authenticatorApp: true, passkeys: true },
      }),
      buildUser({
        userName: 'carol',
        signIn: { ...none, password: false, singleSignOn: ['campus'] },
      }),
      buildUser({ userName: 'bot', signIn: { ...none, password: true, apiTokens: true } }),
    ];
    fakeApi.on('GET', '/api/admin/users', 200, page(users));
    renderList();
    const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
    const chipsOf = async (name: string) =>
      Array.from((await row(name)).querySelectorAll('.MuiChip-label'), (chip) => chip.textContent);
    expect(await chipsOf('alice')).toEqual([
      'Administrator',
      'Password',
      'Authenticator app',
      'Passkey',
    ]);
    expect(await chipsOf('carol')).toEqual(['User', 'campus']);
    expect(await chipsOf('bot')).toEqual(['User', 'Password', 'API token']);
    expect(screen.getByText('Sign-in')).toBeTruthy(); // resources.users.fields.signIn
  });

  it('searches with the search box', async () => {
    fakeApi.on('GET', '/api/admin/users', 200, page([buildUser({ userName: 'alice' })]));
    fakeApi.on('POST', '/api/admin/users/search', 200, page([buildUser({ userName: 'bobby' })]));
    renderList();
    await screen.findByText('alice');
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'bob' } });
    expect(await screen.findByText('bobby')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/admin/users/search')[0].query.get('hint')).toBe('bob');
  });

  it('says so when there are no users', async () => {
    fakeApi.on('GET', '/api/admin/users', 200, page([], 0));
    renderList();
    expect(await screen.findByText('No users yet.')).toBeTruthy();
  });

  it('shows nothing but the loading table while the first page loads', async () => {
    const release = fakeApi.hold(
      'GET',
      '/api/admin/users',
      200,
      page([buildUser({ userName: 'late' })]),
    );
    const { container } = renderList();
    await waitFor(() => expect(container.querySelector('table')).not.toBeNull());
    expect(screen.queryByText('No users yet.')).toBeNull();
    expect(screen.queryByText('late')).toBeNull();
    release();
    expect(await screen.findByText('late')).toBeTruthy();
  });

  it("shows the server's error with a way to retry", async () => {
    fakeApi.on('GET', '/api/admin/users', 500, problem(500, 'Database unavailable'));
    renderList();
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    fakeApi.on('GET', '/api/admin/users', 200, page([buildUser({ userName: 'back' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('back')).toBeTruthy();
  });
});
