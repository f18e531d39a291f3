/** What a hub is: a path and the rule deciding which groups a new connection joins, if any. */
import type { FastifyRequest } from 'fastify';
import { findGame } from '../../db/repositories/games.js';
import { isVisibleTo, viewerWithRole } from '../../domain/gameGate.js';
import type { Admission } from './connection.js';

export interface HubDefinition {
  path: string;
  /** Runs once per connection with the upgrade request (session user, query). */
  admit(request: FastifyRequest): Promise<Admission>;
}

export const ACCESS_DENIED = 'Access denied.';
export const UNKNOWN_GAME = 'The game parameter must name an existing game.';

export const reject = (reason: string): Admission => ({ rejected: reason });

const INT32_MAX = 2 ** 31 - 1;

/**
 * The `game` query parameter when it is an integer naming an existing game the caller may see,
 * else null: a hidden game is unknown below Monitor, as on REST (domain/gameGate.ts).
 */
export async function requestedGame(request: FastifyRequest): Promise<number | null> {
  const raw = (request.query as Record<string, unknown>).game;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  if (id > INT32_MAX) return null;
  const game = await findGame(request.server.db, id);
  return game && isVisibleTo(game, viewerWithRole(request.user?.role)) ? game.id : null;
}
