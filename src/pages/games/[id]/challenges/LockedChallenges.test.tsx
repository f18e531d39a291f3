// Locked challenges on the player's board (issue 25): a challenge shown locked says what opens it
// and cannot be opened; a ReceivedChallengeUnlock on the players' hub reads the team's challenges
// again at once, and the challenge it opened appears without a reload.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '@/test/apiMock';
import { buildScene, GAME_ID, renderPage, serve, userHub, type Scene } from './testScene';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);

const DETAILS = `/api/game/${GAME_ID}/details`;
let scene: Scene;

describe('locked challenges', () => {
  beforeEach(() => {
    scene = buildScene();
    scene.view = {
      ...scene.view,
      locked: [
        {
          id: 202,
          prerequisites: [{ id: 201, title: 'Login bypass', solved: false }],
          hiddenPrerequisites: 1,
          prerequisiteCount: 1,
          solvedPrerequisites: 0,
          unlockScore: 800,
          releaseTime: Date.UTC(2030, 0, 15, 8, 0),
        },
      ],
    };
    serve(scene);
  });

  it('shows what opens a locked challenge, and offers nothing to open', async () => {
    renderPage();
    const locked = await screen.findByTestId('locked-challenge');
    expect(within(locked).getByText('Cookie jar')).toBeTruthy();
    expect(within(locked).getByText('Opens when:')).toBeTruthy();
    expect(
      within(locked).getByText('Solve 1 of Login bypass (1 more not shown yet) · 0 of 1 solved'),
    ).toBeTruthy();
    expect(within(locked).getByText('Reach 800 points')).toBeTruthy();
    expect(within(locked).getByText(/^Opens Jan 15, 2030/)).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: (name) => name.startsWith('Cookie jar') }),
    ).toBeNull();
    expect(
      screen.getByRole('button', { name: (name) => name.startsWith('Login bypass') }),
    ).toBeTruthy();
  });

  it('reads the challenges again when the hub says they opened', async () => {
    renderPage();
    await screen.findByTestId('locked-challenge');
    expect(fakeApi.requests('GET', DETAILS)).toHaveLength(1);
    fakeApi.on('GET', DETAILS, 200, { ...scene.view, locked: [] });
    userHub()!.push('ReceivedChallengeUnlock', { gameId: GAME_ID, participationId: 7 });
    await waitFor(() => expect(fakeApi.requests('GET', DETAILS)).toHaveLength(2));
    expect(
      await screen.findByRole('button', { name: (name) => name.startsWith('Cookie jar') }),
    ).toBeTruthy();
    expect(screen.queryByTestId('locked-challenge')).toBeNull();
  });
});
