// Monitor events of a game (container starts and stops, checked flags, detected cheating), and the
// players' notice feed (the notices repository has no listing of every type).
import { sql, type Kysely, type Transaction } from 'kysely';
import { toNotice, type GameNotice } from './notices.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export type GameEventType =
  'Normal' | 'ContainerStart' | 'ContainerDestroy' | 'FlagSubmit' | 'CheatDetected';

export interface GameEvent {
  id: number;
  gameId: number;
  type: GameEventType;
  values: string[];
  time: number;
  userName: string;
  teamName: string;
}

export type NewGameEvent = Omit<GameEvent, 'id'>;

export async function insertGameEvent(db: Db, event: NewGameEvent): Promise<GameEvent> {
  const row = await db
    .insertInto('game_events')
    .values({
      game_id: event.gameId,
      type: event.type,
      values: JSON.stringify(event.values),
      time: event.time,
      user_name: event.userName,
      team_name: event.teamName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...event, id: row.id };
}

/** Stores the events in one statement; answers them with their ids, in the order given. */
export async function insertGameEvents(db: Db, events: NewGameEvent[]): Promise<GameEvent[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insertInto('game_events')
    .values(
      events.map((event) => ({
        game_id: event.gameId,
        type: event.type,
        values: JSON.stringify(event.values),
        time: event.time,
        user_name: event.userName,
        team_name: event.teamName,
      })),
    )
    .returning('id')
    .execute();
  // Ids are handed out in the order of the rows; RETURNING need not list them in that order.
  const ids = rows.map((row) => row.id).sort((a, b) => a - b);
  return events.map((event, i) => ({ ...event, id: ids[i] }));
}

/** A page of the game's events, newest first. */
export async function listGameEvents(
  db: Db,
  gameId: number,
  page: { hideContainer: boolean; skip: number; count: number },
): Promise<GameEvent[]> {
  let query = db
    .selectFrom('game_events')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(page.count)
    .offset(page.skip);
  if (page.hideContainer) {
    query = query.where('type', 'not in', ['ContainerStart', 'ContainerDestroy']);
  }
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    gameId: row.game_id,
    type: row.type as GameEventType,
    values: JSON.parse(row.values) as string[],
    time: Number(row.time),
    userName: row.user_name,
    teamName: row.team_name,
  }));
}

/** A page of the game's notices of every type: `Normal` first, then the others, newest first
 *  within each group. */
/** Notice types that name a solving team. */
export const BLOOD_NOTICES = ['FirstBlood', 'SecondBlood', 'ThirdBlood'] as const;

/**
 * A page of the game's notices. `bloodsBefore`: leave out blood notices from that time on (a
 * frozen scoreboard's later solves).
 */
export async function listNoticeFeed(
  db: Db,
  gameId: number,
  page: { skip: number; count: number },
  bloodsBefore?: number,
): Promise<GameNotice[]> {
  if (page.count <= 0) return [];
  let query = db.selectFrom('game_notices').selectAll().where('game_id', '=', gameId);
  if (bloodsBefore !== undefined) {
    query = query.where((eb) =>
      eb.or([eb('type', 'not in', BLOOD_NOTICES), eb('time', '<', bloodsBefore)]),
    );
  }
  const rows = await query
    .orderBy(sql`case when type = 'Normal' then 0 else 1 end`)
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(page.count)
    .offset(page.skip)
    .execute();
  return rows.map(toNotice);
}
