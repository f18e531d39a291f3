/** Shared lookups of the game handlers: the game, the caller and the participation gate. */
import type { FastifyRequest } from 'fastify';
import type { operations } from '#wire/schema.gen.js';
import { findGame, type Game } from '../../db/repositories/games.js';
import {
  findParticipationOfUser,
  type Participation,
} from '../../db/repositories/participations.js';
import { unauthorized } from '../../http/errors.js';
import {
  checkGate,
  checkStartedGame,
  checkVisible,
  viewerWithRole,
  type GameViewer,
} from '../../domain/gameGate.js';

export interface Caller {
  id: string;
  userName: string;
}

/** The signed-in caller (the role guard already refused anonymous requests). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** What the caller may see of games: hidden ones only as Monitor or Admin (gameGate.ts). */
export const viewerOf = (request: FastifyRequest): GameViewer => viewerWithRole(request.user?.role);

/** The game, when it exists and the caller may see it (404 otherwise). */
export async function requireGame(request: FastifyRequest, id: number): Promise<Game> {
  const game = await findGame(request.server.db, id);
  checkVisible(game, viewerOf(request));
  return game;
}

/** The game once it has started, when the caller may see it (notices, events, monitor views). */
export async function requireStartedGame(request: FastifyRequest, id: number): Promise<Game> {
  const game = await findGame(request.server.db, id);
  checkStartedGame(game, Date.now(), viewerOf(request));
  return game;
}

export interface Gated {
  game: Game;
  participation: Participation;
  caller: Caller;
  now: number;
}

/** Runs the participation gate (contract §0.7 steps 1–5) for the caller. */
export async function passGate(
  request: FastifyRequest,
  gameId: number,
  options: { endedBlocked: boolean },
): Promise<Gated> {
  const caller = callerOf(request);
  const { db } = request.server;
  const game = await findGame(db, gameId);
  const participation = game ? await findParticipationOfUser(db, gameId, caller.id) : null;
  const now = Date.now();
  checkGate(game, participation, now, { ...options, viewer: viewerOf(request) });
  return { game: game!, participation, caller, now };
}

/** Logs a player's or organiser's action as the contract asks. */
export function logAction(request: FastifyRequest, message: string): void {
  request.log.info(
    { userName: request.user?.userName, ip: request.ip, taskStatus: 'Success' },
    message,
  );
}

/** The validated query of an operation. (handlers.ts types an optional query as
 *  `Record<string, never>`, so read it through this.) */
export type QueryOf<K extends keyof operations> = NonNullable<operations[K]['parameters']['query']>;

export const queryOf = <K extends keyof operations>(request: FastifyRequest, _operation: K) =>
  request.query as QueryOf<K>;
