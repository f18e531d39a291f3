import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { buildProfile } from '@/test/builders';
import { startSignedIn } from '@/test/fixtures';
import { fill, submit } from '@/test/forms';
import { renderWithProviders } from '@/test/renderWithProviders';
import ProfilePage from './ProfilePage';
import { AVATAR_MAX_BYTES } from '@/components/AvatarUpload';

const profile = buildProfile({ realName: 'Alice L', stdNumber: 'S1', bio: 'hi' });
const render = () => renderWithProviders(<ProfilePage />, { route: '/account/profile' });
const section = (name: string) => within(screen.getByRole('region', { name }));

describe('ProfilePage', () => {
  beforeEach(() => startSignedIn(profile));

  it('sends visitors to sign in and back', async () => {
    fakeApi.on('GET', '/api/account/profile', 401, problem(401, 'Not signed in'));
    const { location } = render();
    await waitFor(() => expect(location()).toBe('/account/login?from=%2Faccount%2Fprofile'));
  });

  it('shows the profile and saves only what changed', async () => {
    fakeApi.on('PUT', '/api/account/update', 200);
    render();
    expect(await screen.findByDisplayValue('Alice L')).toBeTruthy();
    expect(screen.getByText('Current address: alice@example.com')).toBeTruthy();
    fill('Phone', 'call me');
    await submit('Save');
    expect(section('Personal information').getByText('Not a phone number')).toBeTruthy();
    fill('Phone', '+1 (555) 010-0000 ext. 12');
    fill('Bio', '');
    await submit('Save');
    expect(await screen.findByText('Your profile was saved')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/api/account/update')[0].body).toEqual({
      phone: '+1 (555) 010-0000 ext. 12',
      bio: '',
    });
  });

  it('keeps the user name required', async () => {
    render();
    await screen.findByDisplayValue('Alice L');
    fill('User name', '');
    expect(await section('Personal information').findByText('Required')).toBeTruthy();
  });

  it('changes the password', async () => {
    fakeApi.on('PUT', '/api/account/changepassword', 200);
    render();
    await screen.findByDisplayValue('Alice L');
    fill('Current password', 'Old1pass');
    fill('New password', 'Passw0rd');
    fill('Repeat the password', 'Passw0rdX');
    await submit('Change password');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    fill('Repeat the password', 'Passw0rd');
    await submit('Change password');
    expect(await screen.findByText('Your password was changed')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/api/account/changepassword')[0].body).toEqual({
      old: 'Old1pass',
      new: 'Passw0rd',
    });
  });

  it('asks for an email change and reports a refusal', async () => {
    fakeApi.on('PUT', '/api/account/changeemail', 200, { title: 'ok', data: true, status: 200 });
    render();
    await screen.findByDisplayValue('Alice L');
    fill('New email', 'alice@new.example');
    await submit('Change email');
    expect(
      await screen.findByText(/A confirmation mail was sent to alice@new.example/),
    ).toBeTruthy();
    fakeApi.on('PUT', '/api/account/changeemail', 400, {
      title: 'Ask an administrator to change it',
      data: false,
      status: 400,
    });
    fill('New email', 'alice@other.example');
    await submit('Change email');
    expect(await screen.findByText('Ask an administrator to change it')).toBeTruthy();
  });

  it('previews a chosen avatar, refuses big files and uploads the image', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    fakeApi.on('PUT', '/api/account/avatar', 200, '/assets/abc/avatar');
    const { container } = render();
    await screen.findByDisplayValue('Alice L');
    const input = container.querySelector<HTMLInputElement>('input[type=file]')!;
    const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('This image is larger than 3 MB')).toBeTruthy();
    const image = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [image] } });
    expect(screen.getByAltText('Preview of the new avatar').getAttribute('src')).toBe(
      'blob:preview',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Your avatar was updated')).toBeTruthy();
    const upload = fakeApi.requests('PUT', '/api/account/avatar')[0].body as FormData;
    // (jsdom's File loses its name on the way through Node's fetch; the browser keeps it)
    expect((upload.get('file') as Blob).size).toBe(3);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });
});
