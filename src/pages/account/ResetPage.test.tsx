import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { fill, submit } from '@/test/forms';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import ResetPage from './ResetPage';

const link = '/account/reset?token=ab+c/d%3D%3D&email=YWxpY2VAZXhhbXBsZS5jb20=';
const render = (route = link) => renderWithProviders(<ResetPage />, { route });

describe('ResetPage', () => {
  beforeEach(() => startSignedOut());

  it('says when the link lacks its token or email', async () => {
    render('/account/reset?token=abc');
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('wants the same valid password twice', async () => {
    render();
    fill('New password', 'Passw0rd');
    fill('Repeat the password', 'Passw0rD');
    await submit('Set the password');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    fill('New password', 'short');
    expect(screen.getByText('At least 6 characters')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/passwordreset')).toHaveLength(0);
  });

  it('sends the Base64 token and email exactly as the link has them, then goes to sign in', async () => {
    fakeApi.on('POST', '/api/account/passwordreset', 200);
    const { location } = render();
    fill('New password', 'Passw0rd');
    fill('Repeat the password', 'Passw0rd');
    await submit('Set the password');
    await waitFor(() => expect(location()).toBe('/account/login'));
    expect(fakeApi.requests('POST', '/api/account/passwordreset')[0].body).toEqual({
      password: 'Passw0rd',
      email: 'YWxpY2VAZXhhbXBsZS5jb20=',
      rToken: 'ab+c/d==',
    });
    expect(await screen.findByText(/Your password was changed/)).toBeTruthy();
  });

  it('shows why the reset failed', async () => {
    fakeApi.on('POST', '/api/account/passwordreset', 400, problem(400, 'The link has expired'));
    const { location } = render();
    fill('New password', 'Passw0rd');
    fill('Repeat the password', 'Passw0rd');
    await submit('Set the password');
    expect((await screen.findByRole('alert')).textContent).toContain('The link has expired');
    expect(location()).toBe(link);
  });
});
