/** Builds a game's scoreboard from the database (ScoreboardModel of the spec). */
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema.gen.js';
import type { DB } from '../../db/schema.js';

export type ScoreboardModel = components['schemas']['ScoreboardModel'];

export async function computeScoreboard(_db: Kysely<DB>, gameId: number): Promise<ScoreboardModel> {
  throw new Error(`The scoreboard of game ${gameId} cannot be computed yet`);
}
