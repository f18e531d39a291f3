import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { startSignedOut } from '@/test/fixtures';
import { fill, submit } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import LoginPage from '../LoginPage';

const render = (route = '/account/login?from=%2Fgames') =>
  renderWithProviders(<LoginPage />, { route });

async function passPassword(methods: string[], enrolRequired = false) {
  fakeApi.on('POST', '/api/account/login', 200, { secondStep: { methods, enrolRequired } });
  const page = render();
  fill('User name or email', 'alice');
  fill('Password', 'Passw0rd');
  await submit('Sign in');
  await screen.findByRole('heading', {
    name: enrolRequired ? 'Set up two-step sign-in' : 'Two-step sign-in',
  });
  return page;
}

describe('the second step of the sign-in page', () => {
  beforeEach(() => startSignedOut());

  it('asks for the code after the password and continues once it is accepted', async () => {
    fakeApi.on('POST', '/api/account/login/second-step', 200);
    const { location } = await passPassword(['Totp', 'RecoveryCode']);
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(location()).toMatch(/^\/account\/login/);
    fill('Code', '123 456');
    await submit('Verify');
    await waitFor(() => expect(location()).toBe('/games'));
    expect(fakeApi.requests('POST', '/api/account/login/second-step')[0].body).toEqual({
      code: '123 456',
    });
  });

  it('takes a recovery code instead, and shows a refusal in the form', async () => {
    fakeApi.on(
      'POST',
      '/api/account/login/second-step',
      400,
      problem(400, 'The recovery code is wrong or was used already'),
    );
    await passPassword(['Totp', 'RecoveryCode']);
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await screen.findByLabelText(/^Recovery code/);
    fill('Recovery code', 'abcde-fghjk');
    await submit('Verify');
    expect(await screen.findByText('The recovery code is wrong or was used already')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/login/second-step')[0].body).toEqual({
      recoveryCode: 'abcde-fghjk',
    });
  });

  it('goes back to the password when the pending sign-in is over', async () => {
    fakeApi.on(
      'POST',
      '/api/account/login/second-step',
      401,
      problem(401, 'The sign-in has expired or was already used'),
    );
    await passPassword(['Totp']);
    fill('Code', '123456');
    await submit('Verify');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks the server what a sign-in begun elsewhere needs (?second-step)', async () => {
    fakeApi.on('GET', '/api/account/login/second-step', 200, {
      secondStep: { methods: ['Totp'], enrolRequired: false },
    });
    render('/account/login?second-step&from=%2Fgames');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
  });

  it('shows the password form when no sign-in is pending', async () => {
    fakeApi.on('GET', '/api/account/login/second-step', 401, problem(401, 'No'));
    render('/account/login?second-step');
    await waitFor(() =>
      expect(fakeApi.requests('GET', '/api/account/login/second-step')).toHaveLength(1),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('enrols an authenticator app first when the role requires it', async () => {
    fakeApi.on('POST', '/api/account/login/second-step/enrol', 200, {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Vexil:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Vexil',
    });
    fakeApi.on('POST', '/api/account/login/second-step/enrol/confirm', 200, {
      codes: ['aaaaa-bbbbb', 'ccccc-ddddd'],
    });
    const { location } = await passPassword([], true);
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeTruthy();
    expect((await screen.findByTestId('totp-secret')).textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    fill('Code', '654321');
    await submit('Turn on');
    expect(await screen.findByText('aaaaa-bbbbb')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(location()).toBe('/games'));
    expect(fakeApi.requests('POST', '/api/account/login/second-step/enrol')).toHaveLength(1);
  });
});
