import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { fill, submit } from '@/test/forms';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import RegisterPage from './RegisterPage';

const render = () => renderWithProviders(<RegisterPage />, { route: '/account/register' });

function fillForm(password = 'Passw0rd', again = password) {
  fill('User name', 'newbie');
  fill('Email', 'newbie@example.com');
  fill('Password', password);
  fill('Repeat the password', again);
}

describe('RegisterPage', () => {
  beforeEach(() => startSignedOut());

  it("checks the spec's rules before sending", async () => {
    render();
    fill('User name', 'ab');
    fill('Email', 'no-at-sign');
    fill('Password', 'password');
    fill('Repeat the password', 'Passw0rd');
    await submit('Register');
    expect(screen.getByText('At least 3 characters')).toBeTruthy();
    expect(screen.getByText('Not an email address')).toBeTruthy();
    expect(screen.getByText('Needs a digit, a lower-case and an upper-case letter')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    fill('User name', 'a-much-too-long-name');
    expect(screen.getByText('At most 15 characters')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/register')).toHaveLength(0);
  });

  it('signs in at once when the outcome is LoggedIn', async () => {
    fakeApi.on('POST', '/api/account/register', 200, {
      title: 'ok',
      data: 'LoggedIn',
      status: 200,
    });
    const { location } = render();
    fillForm();
    await submit('Register');
    await waitFor(() => expect(location()).toBe('/'));
    expect(fakeApi.requests('POST', '/api/account/register')[0].body).toEqual({
      userName: 'newbie',
      email: 'newbie@example.com',
      password: 'Passw0rd',
    });
    expect(await screen.findByText(/you are signed in/)).toBeTruthy();
  });

  it('explains when an administrator must confirm the account', async () => {
    fakeApi.on('POST', '/api/account/register', 200, {
      title: 'ok',
      data: 'AdminConfirmationRequired',
      status: 200,
    });
    render();
    fillForm();
    await submit('Register');
    expect(await screen.findByText('Waiting for an administrator')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });

  it('explains when the confirmation mail was sent', async () => {
    fakeApi.on('POST', '/api/account/register', 200, {
      title: 'ok',
      data: 'EmailConfirmationRequired',
      status: 200,
    });
    render();
    fillForm();
    await submit('Register');
    expect(await screen.findByText('Check your mailbox')).toBeTruthy();
  });

  it("shows the server's 400 title", async () => {
    fakeApi.on('POST', '/api/account/register', 400, problem(400, 'This user name is taken'));
    render();
    fillForm();
    await submit('Register');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('An error was encountered');
    expect(notice.textContent).toContain('This user name is taken');
  });
});
