/**
 * The challenges page's test scene: a running game the signed-in user's team (Owls) plays, with its
 * challenge list, notices and one challenge served by the fake API. Tests change what they need.
 */
import { Route, Routes } from 'react-router-dom';
import type { GameChallenge, GameNotice, PublicGameDetail, TeamChallenge } from '@/api/types';
import type { TeamGameView } from '@/api/types';
import { fakeApi } from '@/test/apiMock';
import {
  buildGameChallenge,
  buildGameDetail,
  buildTeamChallenge,
  buildTeamGameView,
} from '@/test/builders';
import { fakeHubs } from '@/test/fakeHub';
import { startSignedIn } from '@/test/fixtures';
import { renderWithProviders } from '@/test/renderWithProviders';
import ChallengesPage from './ChallengesPage';

export const GAME_ID = 1;
export const HOUR = 3_600_000;

export interface Scene {
  game: PublicGameDetail;
  challenges: GameChallenge[];
  view: TeamGameView;
  notices: GameNotice[];
  challenge: TeamChallenge;
}

export function buildScene(): Scene {
  const now = Date.now();
  const game = buildGameDetail({
    id: GAME_ID,
    title: 'Winter CTF',
    status: 'Accepted',
    teamName: 'Owls',
    practiceMode: false,
    start: now - HOUR,
    end: now + 2 * HOUR,
  });
  const challenges = [
    buildGameChallenge({ id: 201, title: 'Login bypass', category: 'Web', score: 480, solved: 3 }),
    buildGameChallenge({ id: 202, title: 'Cookie jar', category: 'Web', score: 500, solved: 0 }),
    buildGameChallenge({ id: 203, title: 'Weak RSA', category: 'Crypto', score: 300, solved: 1 }),
  ];
  const view = buildTeamGameView(challenges);
  const challenge = buildTeamChallenge({ id: 201, title: 'Login bypass', score: 480 });
  return { game, challenges, view, notices: [], challenge };
}

/** Serves the scene (signed in, config, game, details, notices, challenge 201). */
export function serve(scene: Scene) {
  startSignedIn();
  fakeHubs.reset();
  fakeApi.on('GET', `/api/game/${GAME_ID}`, 200, scene.game);
  fakeApi.on('GET', `/api/game/${GAME_ID}/details`, 200, scene.view);
  fakeApi.on('GET', `/api/game/${GAME_ID}/notices`, 200, scene.notices);
  fakeApi.on('GET', `/api/game/${GAME_ID}/challenges/${scene.challenge.id}`, 200, scene.challenge);
}

export function renderPage(search = '') {
  return renderWithProviders(
    <Routes>
      <Route path="/games/:id/challenges" element={<ChallengesPage />} />
    </Routes>,
    { route: `/games/${GAME_ID}/challenges${search}` },
  );
}

/** The user hub of the game, once the page opened it. */
export const userHub = () => fakeHubs.last(`/hub/user?game=${GAME_ID}`);
