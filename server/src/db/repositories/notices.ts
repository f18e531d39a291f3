// Game notices: Normal ones written by organisers, the others (bloods, new hint, new challenge)
// by the platform. `values` is JSON text.
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { GameNoticeRow } from '../tables/games.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export type NoticeType = components['schemas']['NoticeType'];

export interface GameNotice {
  id: number;
  gameId: number;
  type: NoticeType;
  values: string[];
  time: number;
}

export function toNotice(row: GameNoticeRow): GameNotice {
  return {
    id: row.id,
    gameId: row.game_id,
    type: row.type as NoticeType,
    values: JSON.parse(row.values) as string[],
    time: Number(row.time),
  };
}

export async function createNotice(
  db: Db,
  input: { gameId: number; type: NoticeType; values: string[]; time?: number },
): Promise<GameNotice> {
  const row = await db
    .insertInto('game_notices')
    .values({
      game_id: input.gameId,
      type: input.type,
      values: JSON.stringify(input.values),
      time: input.time ?? Date.now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNotice(row);
}

export async function listNoticesOfType(
  db: Db,
  gameId: number,
  type: NoticeType,
): Promise<GameNotice[]> {
  const rows = await db
    .selectFrom('game_notices')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
  return rows.map(toNotice);
}

export async function findNotice(db: Db, gameId: number, id: number): Promise<GameNotice | null> {
  const row = await db
    .selectFrom('game_notices')
    .selectAll()
    .where('id', '=', id)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return row ? toNotice(row) : null;
}

export async function updateNoticeValues(
  db: Db,
  id: number,
  values: string[],
  time: number,
): Promise<GameNotice | null> {
  const row = await db
    .updateTable('game_notices')
    .set({ values: JSON.stringify(values), time })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toNotice(row) : null;
}

export async function deleteNotice(db: Db, id: number): Promise<void> {
  await db.deleteFrom('game_notices').where('id', '=', id).execute();
}
