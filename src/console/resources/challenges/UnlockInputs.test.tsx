// The challenge form's Unlocking section (issue 25): its settings are shown, and a save sends
// only those changed (so a challenge saved without touching them keeps what it had).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { buildChallenge } from '@/test/builders';
import { renderConsole } from '@/test/renderConsole';
import { ChallengeEdit } from './ChallengeEdit';

const challenge = buildChallenge({
  id: 5,
  title: 'Vault',
  prerequisites: [4],
  showWhenLocked: false,
});
const path = '/api/edit/games/3/challenges/5';
const row = (id: number, title: string) => ({
  id,
  title,
  category: 'Misc',
  type: 'StaticAttachment',
  isEnabled: true,
  score: 1000,
  minScore: 250,
  originalScore: 1000,
  acceptedCount: 0,
});

describe('the Unlocking section of a challenge', () => {
  it('shows the prerequisites by title and saves the changed settings only', async () => {
    fakeApi.on('GET', path, 200, challenge);
    fakeApi.on('GET', '/api/edit/games/3/challenges', 200, [row(4, 'Warm-up'), row(5, 'Vault')]);
    fakeApi.on('PUT', path, 200, { ...challenge, unlockScore: 300, showWhenLocked: true });
    renderConsole(<ChallengeEdit />, { route: '/games/3/challenges/5', path: ChallengeEdit.path });
    expect(await screen.findByRole('heading', { name: 'Unlocking' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Warm-up' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Score to reach/), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Show while locked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.requests('PUT', path)).toHaveLength(1));
    expect(fakeApi.requests('PUT', path)[0].body).toEqual({
      unlockScore: 300,
      showWhenLocked: true,
    });
  }, 60_000);
});
