/** Look-ups shared by the edit handlers: the game, or the challenge in that game, or 404. */
import type { FastifyRequest } from 'fastify';
import { findChallenge, type Challenge } from '../../db/repositories/challenges.js';
import { findGame, type Game } from '../../db/repositories/games.js';
import { notFound } from '../../http/errors.js';

export async function requireGame(request: FastifyRequest, gameId: number): Promise<Game> {
  const game = await findGame(request.server.db, gameId);
  if (!game) throw notFound('The game was not found');
  return game;
}

export async function requireChallenge(
  request: FastifyRequest,
  gameId: number,
  challengeId: number,
): Promise<{ game: Game; challenge: Challenge }> {
  const game = await requireGame(request, gameId);
  const challenge = await findChallenge(request.server.db, gameId, challengeId);
  if (!challenge) throw notFound('The challenge was not found');
  return { game, challenge };
}

/** Releases stored files after a change committed; a failure is logged, never thrown. */
export async function releaseFiles(request: FastifyRequest, hashes: Array<string | null>) {
  for (const hash of hashes) {
    if (!hash) continue;
    try {
      await request.server.files.release(hash);
    } catch (err) {
      request.log.error({ err }, `Could not release the file ${hash}`);
    }
  }
}

/** Answers a JSON string body (Fastify would send a bare string as text). */
export const jsonString = (value: string) => JSON.stringify(value);
