// Helpers of the play tests: submitting and waiting for a result, uploads with a chosen name and
// type, and a game with an accepted team.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Game, GameSettings } from '#server/db/repositories/games.js';
import type { Caller } from '../../support/app.js';
import {
  createGame,
  createTeamWithMembers,
  joinAndAccept,
  type Registration,
  type TeamWithMembers,
} from '../../support/competition.js';

/** Submits a flag and answers the submission id. */
export async function submitFlag(
  call: Caller,
  gameId: number,
  challengeId: number,
  flag: string,
): Promise<number> {
  const response = await call({
    method: 'POST',
    url: `/api/game/${gameId}/challenges/${challengeId}`,
    payload: { flag },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as number;
}

/** Polls the status endpoint until the submission has a result (bounded). */
export async function waitForResult(
  call: Caller,
  gameId: number,
  challengeId: number,
  submitId: number,
): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await call({
      method: 'GET',
      url: `/api/game/${gameId}/challenges/${challengeId}/status/${submitId}`,
    });
    expect(response.statusCode).toBe(200);
    const status = response.json() as string;
    if (status !== 'FlagSubmitted') return status;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Submission ${submitId} was never checked`);
}

/** Submits and waits for the result. */
export async function submitAndWait(
  call: Caller,
  gameId: number,
  challengeId: number,
  flag: string,
): Promise<string> {
  return waitForResult(
    call,
    gameId,
    challengeId,
    await submitFlag(call, gameId, challengeId, flag),
  );
}

/** A multipart body with one `file` part of the given name and content type. */
export function filePart(data: Buffer, filename: string, contentType: string) {
  const boundary = '----vexil-game-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const samplePdf = (text = 'writeup') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

export interface PlayingTeam extends TeamWithMembers {
  registration: Registration;
  /** The captain's caller. */
  call: Caller;
}

/** A team of `size` members registered and accepted in the game. */
export async function playingTeam(
  app: FastifyInstance,
  game: Game,
  options: { size?: number; status?: string; division?: string | null } = {},
): Promise<PlayingTeam> {
  const team = await createTeamWithMembers(app, { size: options.size });
  const registration = await joinAndAccept(app, game, team, options);
  return { ...team, registration, call: team.members[0].call };
}

/** A running game with one accepted team. */
export async function gameWithTeam(
  app: FastifyInstance,
  overrides: Partial<GameSettings> = {},
): Promise<{ game: Game; player: PlayingTeam }> {
  const game = await createGame(app, overrides);
  return { game, player: await playingTeam(app, game) };
}

export const HOUR = 3_600_000;
