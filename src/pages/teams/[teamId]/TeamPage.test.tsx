import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeApi, problem } from '@/test/apiMock';
import {
  buildGameChallenge,
  buildPublicGame,
  buildScoreboardRow,
  buildSolve,
  buildTeam,
  buildTeamMember,
} from '@/test/builders';
import { startSignedOut } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import TeamPage from './TeamPage';

const render = (id = '9') =>
  renderWithProviders(
    <Routes>
      <Route path="/teams/:teamId" element={<TeamPage />} />
    </Routes>,
    { route: `/teams/${id}` },
  );

const team = buildTeam({
  id: 9,
  name: 'Crabs',
  bio: 'We pinch',
  members: [
    buildTeamMember({ userName: 'alice', captain: true }),
    buildTeamMember({ userName: 'bob', captain: false }),
  ],
});

describe('TeamPage', () => {
  beforeEach(() => startSignedOut());

  it("shows the team, its members and each game's standing and solves, linked to the board", async () => {
    const rsa = buildGameChallenge({ id: 301, title: 'rsa', category: 'Crypto' });
    const game = buildPublicGame({ id: 4, title: 'Spring CTF' });
    fakeApi.on('GET', '/api/team/9', 200, team);
    fakeApi.on('GET', '/api/team/9/games', 200, [
      {
        game,
        item: buildScoreboardRow({
          id: 9,
          name: 'Crabs',
          rank: 2,
          solvedChallenges: [buildSolve({ id: 301, score: 480, type: 'FirstBlood' })],
        }),
        challenges: [rsa],
      },
    ]);
    render();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Crabs');
    expect(screen.getByText('We pinch')).toBeTruthy();
    expect(await screen.findByText(/alice/)).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Spring CTF' });
    expect(within(section).getByRole('link', { name: 'Spring CTF' }).getAttribute('href')).toBe(
      '/games/4/scoreboard',
    );
    expect(within(section).getByText(/Rank #2/)).toBeTruthy();
    expect(within(section).getByText('rsa')).toBeTruthy();
    expect(within(section).getByText('480 points')).toBeTruthy();
  });

  it('says when the standing is that of a frozen board', async () => {
    const game = buildPublicGame({ id: 4, title: 'Spring CTF' });
    fakeApi.on('GET', '/api/team/9', 200, team);
    fakeApi.on('GET', '/api/team/9/games', 200, [
      {
        game,
        item: buildScoreboardRow({ id: 9, name: 'Crabs', rank: 2 }),
        challenges: [],
        frozenAt: game.start + 3_600_000,
      },
    ]);
    render();
    const section = await screen.findByRole('region', { name: 'Spring CTF' });
    expect(within(section).getByRole('note').textContent).toMatch(/^Board frozen since .+:/);
  });

  it('says so when the team has played no public game', async () => {
    fakeApi.on('GET', '/api/team/9', 200, team);
    fakeApi.on('GET', '/api/team/9/games', 200, []);
    render();
    expect(await screen.findByText('This team has not played a public game yet.')).toBeTruthy();
  });

  it('says there is no such team for an unknown or malformed id', async () => {
    fakeApi.on('GET', '/api/team/77', 404, problem(404, 'Team not found'));
    render('77');
    expect(await screen.findByText('There is no such team.')).toBeTruthy();
    render('abc');
    expect((await screen.findAllByText('There is no such team.')).length).toBe(2);
  });
});
