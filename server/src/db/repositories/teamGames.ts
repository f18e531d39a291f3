// The games a team was accepted into that anyone may see: listed (not hidden) and started.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { toGame, type Game } from './games.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Newest start first. */
export async function listPublicGamesOfTeam(db: Db, teamId: number, now: number): Promise<Game[]> {
  const rows = await db
    .selectFrom('participations')
    .innerJoin('games', 'games.id', 'participations.game_id')
    .selectAll('games')
    .where('participations.team_id', '=', teamId)
    .where('participations.status', '=', 'Accepted')
    .where('games.hidden', '=', 0)
    .where('games.start_time', '<=', now)
    .orderBy('games.start_time', 'desc')
    .orderBy('games.id', 'desc')
    .execute();
  return rows.map(toGame);
}
