// The Attempts section of the challenge form (issue 25): both fields shown with their stored
// values, a change saved alone, a value out of the spec's range refused before it is sent.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { buildChallenge } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ChallengeEdit } from './ChallengeEdit';

const challenge = buildChallenge({ id: 5, title: 'Doors', maxAttempts: 3, attemptWait: 0 });
const path = '/api/edit/games/3/challenges/5';
const renderEdit = () =>
  renderConsole(<ChallengeEdit />, { route: '/games/3/challenges/5', path: ChallengeEdit.path });

describe('the attempt limits of a challenge', () => {
  it('shows them and saves a change alone', async () => {
    fakeApi.on('GET', path, 200, challenge);
    fakeApi.on('PUT', path, 200, { ...challenge, attemptWait: 30 });
    renderEdit();
    const limit = await screen.findByLabelText('Attempt limit');
    expect((limit as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('Wrong submissions allowed per team; 0 = no limit')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Wait after a wrong flag (s)'), {
      target: { value: '30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
    expect(fakeApi.requests('PUT', path)[0].body).toEqual({ attemptWait: 30 });
  }, 60_000);

  it('refuses a negative limit before sending it', async () => {
    fakeApi.on('GET', path, 200, challenge);
    renderEdit();
    const limit = await screen.findByLabelText('Attempt limit');
    fireEvent.change(limit, { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At least 0', {}, { timeout: 10_000 })).toBeTruthy();
    expect(fakeApi.requests('PUT', path)).toHaveLength(0);
  }, 60_000);
});
