/**
 * Checks of a webhook's settings the spec cannot express: the URL is http or https, the game
 * exists. Both answer 400 (a client's mistake), never a 5xx.
 */
import type { FastifyRequest } from 'fastify';
import { findGame } from '../../db/repositories/games.js';
import { badRequest } from '../../http/errors.js';

/** The URL as given, once it parses as http(s) with a host. */
export function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('The webhook URL is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw badRequest('The webhook URL must start with http:// or https://');
  }
  if (!parsed.hostname) throw badRequest('The webhook URL has no host');
  return url;
}

/** The title of the game, or 400 when there is none with this id; null for every game. */
export async function checkedGameTitle(
  request: FastifyRequest,
  gameId: number | null | undefined,
): Promise<string | null> {
  if (gameId === null || gameId === undefined) return null;
  const game = await findGame(request.server.db, gameId);
  if (!game) throw badRequest('The game was not found');
  return game.title;
}

/** A name for an endpoint created without one: its URL's host. */
export const defaultName = (url: string) => new URL(url).host;
