// Awards (migration 0018): points an organiser gives or takes from a team's registration in a
// game. Read with the team's id and name and the giver's name, as the organisers' list shows them;
// the board reads the few columns it counts (`listScoreAwards`).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface Award {
  id: number;
  gameId: number;
  participationId: number;
  teamId: number;
  teamName: string;
  value: number;
  reason: string;
  time: number;
  /** The organiser's user name; null once that account is gone. */
  givenBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface NewAward {
  gameId: number;
  participationId: number;
  value: number;
  reason: string;
  time: number;
  givenBy: string | null;
  now: number;
}

export type AwardChanges = Partial<Pick<NewAward, 'participationId' | 'value' | 'reason' | 'time'>>;

const selectAwards = (db: Db) =>
  db
    .selectFrom('awards as a')
    .innerJoin('participations as p', 'p.id', 'a.participation_id')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .leftJoin('users as u', 'u.id', 'a.given_by')
    .select([
      'a.id',
      'a.game_id',
      'a.participation_id',
      't.id as team_id',
      't.name as team_name',
      'a.value',
      'a.reason',
      'a.time',
      'u.user_name as given_by',
      'a.created_at',
      'a.updated_at',
    ]);

type AwardSelection = Awaited<
  ReturnType<ReturnType<typeof selectAwards>['executeTakeFirstOrThrow']>
>;

const toAward = (row: AwardSelection): Award => ({
  id: row.id,
  gameId: row.game_id,
  participationId: row.participation_id,
  teamId: row.team_id,
  teamName: row.team_name,
  value: Number(row.value),
  reason: row.reason,
  time: Number(row.time),
  givenBy: row.given_by ?? null,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** The game's awards by time (then id). */
export async function listAwards(db: Db, gameId: number): Promise<Award[]> {
  const rows = await selectAwards(db)
    .where('a.game_id', '=', gameId)
    .orderBy('a.time')
    .orderBy('a.id')
    .execute();
  return rows.map(toAward);
}

export async function findAward(db: Db, gameId: number, awardId: number): Promise<Award | null> {
  const row = await selectAwards(db)
    .where('a.game_id', '=', gameId)
    .where('a.id', '=', awardId)
    .executeTakeFirst();
  return row ? toAward(row) : null;
}

export async function createAward(db: Db, award: NewAward): Promise<Award> {
  const { id } = await db
    .insertInto('awards')
    .values({
      game_id: award.gameId,
      participation_id: award.participationId,
      value: award.value,
      reason: award.reason,
      time: award.time,
      given_by: award.givenBy,
      created_at: award.now,
      updated_at: award.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findAward(db, award.gameId, id))!;
}

/** The award with its changes; null when it is not (or no longer) in the game. */
export async function updateAward(
  db: Db,
  gameId: number,
  awardId: number,
  changes: AwardChanges,
  now: number,
): Promise<Award | null> {
  const updated = await db
    .updateTable('awards')
    .set({
      participation_id: changes.participationId,
      value: changes.value,
      reason: changes.reason,
      time: changes.time,
      updated_at: now,
    })
    .where('game_id', '=', gameId)
    .where('id', '=', awardId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return null;
  return findAward(db, gameId, awardId);
}

/** Whether an award was removed. */
export async function deleteAward(db: Db, gameId: number, awardId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('awards')
    .where('game_id', '=', gameId)
    .where('id', '=', awardId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** What the board counts of an award. */
export interface ScoreAwardRow {
  id: number;
  participationId: number;
  value: number;
  reason: string;
  time: number;
}

/**
 * The game's awards made before its end, as the board counts them: one indexed read of a table
 * that holds a handful of rows per game (the rows of teams not accepted are dropped by the
 * scoring rules, as for solves).
 */
export async function listScoreAwards(
  db: Db,
  gameId: number,
  endTime: number,
): Promise<ScoreAwardRow[]> {
  const rows = await db
    .selectFrom('awards')
    .select(['id', 'participation_id', 'value', 'reason', 'time'])
    .where('game_id', '=', gameId)
    .where('time', '<', endTime)
    .orderBy('time')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    participationId: r.participation_id,
    value: Number(r.value),
    reason: r.reason,
    time: Number(r.time),
  }));
}
