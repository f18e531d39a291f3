// The scoreboard page of a game whose scores are kept until the end (issue 25): it says why instead
// of asking for a board the server would refuse, and reads the board once the caller may see it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { components } from '#wire/schema.gen.js';
import { fakeApi } from '@/test/apiMock';
import {
  buildGameDetail,
  buildProfile,
  buildScoreboard,
  buildScoreboardRow,
} from '@/test/builders';
import { startSignedIn, startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import ScoreboardPage from './ScoreboardPage';

vi.mock('@microsoft/signalr', async (importOriginal) =>
  (await import('@/test/fakeHub')).withFakeHubs(await importOriginal()),
);
vi.mock('./ScoreTimeline', () => ({ default: () => null }));

type ScoreVisibility = components['schemas']['ScoreVisibility'];

const BOARD = '/api/game/3/scoreboard';
const HOUR = 3_600_000;
const board = buildScoreboard([], [buildScoreboardRow({ id: 71, name: 'Crabs' })]);

function serve(scoreVisibility: ScoreVisibility, ended = false) {
  const now = Date.now();
  fakeApi.on(
    'GET',
    '/api/game/3',
    200,
    buildGameDetail({
      id: 3,
      title: 'Winter CTF',
      scoreVisibility,
      start: now - 2 * HOUR,
      end: ended ? now - HOUR : now + HOUR,
    }),
  );
  fakeApi.on('GET', BOARD, 200, board);
}

const render = () =>
  renderWithProviders(
    <Routes>
      <Route path="/games/:id/scoreboard" element={<ScoreboardPage />} />
    </Routes>,
    { route: '/games/3/scoreboard' },
  );

describe('ScoreboardPage with scores kept until the end', () => {
  beforeEach(() => startSignedOut());

  it('asks a visitor to sign in when the scores are for signed-in players, without reading the board', async () => {
    serve('SignedIn');
    render();
    await screen.findByText('Sign in to see the scores');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/account/login?from=%2Fgames%2F3%2Fscoreboard',
    );
    expect(screen.queryByText('Crabs')).toBeNull();
    expect(fakeApi.requests('GET', BOARD)).toHaveLength(0);
  });

  it('shows a signed-in player the board of a SignedIn game', async () => {
    startSignedIn(buildProfile({ role: 'User' }));
    serve('SignedIn');
    render();
    await screen.findByText('Crabs');
  });

  it('tells a player the scores are the organisers’ until the end', async () => {
    startSignedIn(buildProfile({ role: 'User' }));
    serve('Organisers');
    render();
    await screen.findByText('The scores are hidden until the end');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(fakeApi.requests('GET', BOARD)).toHaveLength(0);
  });

  it('shows monitors the board, and everyone once the game has ended', async () => {
    startSignedIn(buildProfile({ role: 'Monitor' }));
    serve('Organisers');
    const first = render();
    await screen.findByText('Crabs');
    first.unmount();

    startSignedOut();
    serve('Organisers', true);
    render();
    await screen.findByText('Crabs');
    expect(screen.queryByTestId('scores-withheld')).toBeNull();
  });
});
