// Helpers of the priced-hint tests: a game with a challenge, a team of several members playing
// it, a hint added through the edit API, and the board as a caller sees it.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { components } from '#wire/schema.gen.js';
import type { Game, GameSettings } from '#server/db/repositories/games.js';
import type { Caller } from '../../support/app.js';
import {
  createChallenge,
  createGame,
  createTeamWithMembers,
  joinAndAccept,
  type BuiltChallenge,
  type TeamWithMembers,
} from '../../support/competition.js';

export type Board = components['schemas']['ScoreboardModel'];
export type Detail = components['schemas']['ChallengeDetailModel'];
export type UnlockResult = components['schemas']['HintUnlockResultModel'];
export type PricedHintModel = components['schemas']['PricedHintModel'];

export interface HintGame {
  game: Game;
  challenge: BuiltChallenge;
  team: TeamWithMembers & { participationId: number };
}

/** A running game with one challenge (1000 points, no decay, no blood) and a team of `size`. */
export async function hintGame(
  app: FastifyInstance,
  settings: Partial<GameSettings> = {},
  size = 2,
): Promise<HintGame> {
  const game = await createGame(app, settings);
  const challenge = await createChallenge(app, game.id, {
    minScoreRate: 1,
    disableBloodBonus: true,
  });
  const team = await createTeamWithMembers(app, { size });
  const registration = await joinAndAccept(app, game, team);
  return { game, challenge, team: { ...team, participationId: registration.id } };
}

export async function addHint(
  admin: Caller,
  gameId: number,
  challengeId: number,
  payload: Record<string, unknown>,
): Promise<PricedHintModel> {
  const response = await admin({
    method: 'POST',
    url: `/api/edit/games/${gameId}/challenges/${challengeId}/hints`,
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PricedHintModel;
}

export const unlock = (call: Caller, gameId: number, challengeId: number, hintId: number) =>
  call({
    method: 'POST',
    url: `/api/game/${gameId}/challenges/${challengeId}/hints/${hintId}/unlock`,
  });

export async function detailOf(call: Caller, gameId: number, challengeId: number) {
  const response = await call({
    method: 'GET',
    url: `/api/game/${gameId}/challenges/${challengeId}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Detail;
}

export async function boardOf(app: FastifyInstance, call: Caller, gameId: number): Promise<Board> {
  await app.scoreboards.settle(gameId);
  const response = await call({ method: 'GET', url: `/api/game/${gameId}/scoreboard` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Board;
}

export const scoreOf = (board: Board, teamId: number) =>
  board.items.find((item) => item.id === teamId)?.score;
