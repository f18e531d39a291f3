// The public game lists: non-hidden games only (the games repository lists every game).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { toGame, type Game } from './games.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A page of the non-hidden games, latest start first. */
export async function listPublicGames(db: Db, skip: number, count: number): Promise<Game[]> {
  if (count <= 0) return [];
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .where('hidden', '=', 0)
    .orderBy('start_time', 'desc')
    .orderBy('id', 'desc')
    .offset(skip)
    .limit(count)
    .execute();
  return rows.map(toGame);
}

export async function countPublicGames(db: Db): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Candidates of the recent list: up to `limit` running or upcoming games (earliest end first)
 *  and up to `limit` ended ones (latest end first), non-hidden. */
export async function listRecentGameCandidates(
  db: Db,
  now: number,
  limit: number,
): Promise<Game[]> {
  const open = await db
    .selectFrom('games')
    .selectAll()
    .where('hidden', '=', 0)
    .where('end_time', '>=', now)
    .orderBy('start_time')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const ended = await db
    .selectFrom('games')
    .selectAll()
    .where('hidden', '=', 0)
    .where('end_time', '<', now)
    .orderBy('end_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return [...open, ...ended].map(toGame);
}
