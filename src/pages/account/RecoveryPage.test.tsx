import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi, problem } from '@/test/apiMock';
import { fill, submit } from '@/test/forms';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import RecoveryPage from './RecoveryPage';

const render = () => renderWithProviders(<RecoveryPage />, { route: '/account/recovery' });

describe('RecoveryPage', () => {
  beforeEach(() => startSignedOut());

  it('needs an email address', async () => {
    render();
    await submit('Send the link');
    expect(screen.getByText('Required')).toBeTruthy();
    fill('Email', 'nobody');
    expect(screen.getByText('Not an email address')).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/recovery')).toHaveLength(0);
  });

  it('says the mail was sent', async () => {
    fakeApi.on('POST', '/api/account/recovery', 200, { title: 'sent', status: 200 });
    render();
    fill('Email', 'alice@example.com');
    await submit('Send the link');
    expect(await screen.findByText('Mail sent')).toBeTruthy();
    expect(screen.getByText(/uses alice@example.com, a link/)).toBeTruthy();
    expect(fakeApi.requests('POST', '/api/account/recovery')[0].body).toEqual({
      email: 'alice@example.com',
    });
  });

  it('shows why no mail was sent', async () => {
    fakeApi.on('POST', '/api/account/recovery', 400, problem(400, 'Recovery by mail is off'));
    render();
    fill('Email', 'ghost@example.com');
    await submit('Send the link');
    expect((await screen.findByRole('alert')).textContent).toContain('Recovery by mail is off');
    expect(screen.queryByText('Mail sent')).toBeNull();
  });
});
