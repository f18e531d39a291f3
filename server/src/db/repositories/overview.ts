// The console home's figures (GET /api/admin/overview): a few grouped queries over the games on
// the home, each served by an index (participations_game_team_key, submissions_game_id_submit_time,
// game_notices_game_id_time, challenges_game_id + containers_challenge_id, logs_level_time), so a
// game of 1,000 teams and 100,000 submissions reads only its last hour of submissions.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import { BLOOD_NOTICES } from './gameEvents.js';

export const MINUTE = 60_000;

export interface OverviewGame {
  id: number;
  title: string;
  hidden: boolean;
  start: number;
  end: number;
}

/** Games running at `now` or ended since `endedSince`, and the next `upcoming` ones to start. */
export async function listOverviewGames(
  db: Kysely<DB>,
  now: number,
  endedSince: number,
  upcoming: number,
): Promise<OverviewGame[]> {
  const columns = ['id', 'title', 'hidden', 'start_time', 'end_time'] as const;
  const [current, next] = await Promise.all([
    db
      .selectFrom('games')
      .select(columns)
      .where('start_time', '<=', now)
      .where('end_time', '>=', endedSince)
      .orderBy('end_time')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('games')
      .select(columns)
      .where('start_time', '>', now)
      .orderBy('start_time')
      .orderBy('id')
      .limit(upcoming)
      .execute(),
  ]);
  return [...current, ...next].map((row) => ({
    id: row.id,
    title: row.title,
    hidden: fromFlag(row.hidden),
    start: Number(row.start_time),
    end: Number(row.end_time),
  }));
}

/** Registrations per game and status. */
export async function countRegistrations(
  db: Kysely<DB>,
  gameIds: readonly number[],
): Promise<{ gameId: number; status: string; count: number }[]> {
  if (gameIds.length === 0) return [];
  const rows = await db
    .selectFrom('participations')
    .select(['game_id', 'status', (eb) => eb.fn.countAll().as('count')])
    .where('game_id', 'in', gameIds)
    .groupBy(['game_id', 'status'])
    .execute();
  return rows.map((row) => ({
    gameId: row.game_id,
    status: row.status,
    count: Number(row.count),
  }));
}

/** Submissions per game and minute since `since` (minutes as epoch ms, a multiple of 60000). */
export async function countSubmissionsPerMinute(
  db: Kysely<DB>,
  gameIds: readonly number[],
  since: number,
): Promise<{ gameId: number; minute: number; count: number }[]> {
  if (gameIds.length === 0) return [];
  // Integer division on both databases (integer on SQLite, bigint on PostgreSQL).
  const minute = sql<number | string>`submit_time / ${sql.lit(MINUTE)}`;
  const rows = await db
    .selectFrom('submissions')
    .select(['game_id', minute.as('minute'), (eb) => eb.fn.countAll().as('count')])
    .where('game_id', 'in', gameIds)
    .where('submit_time', '>=', since)
    .groupBy(['game_id', minute])
    .orderBy('game_id')
    .orderBy(minute)
    .execute();
  return rows.map((row) => ({
    gameId: row.game_id,
    minute: Number(row.minute) * MINUTE,
    count: Number(row.count),
  }));
}

export interface BloodRow {
  type: (typeof BLOOD_NOTICES)[number];
  team: string;
  challenge: string;
  time: number;
}

/** The game's latest blood notices, newest first. */
export async function latestBloods(
  db: Kysely<DB>,
  gameId: number,
  count: number,
): Promise<BloodRow[]> {
  const rows = await db
    .selectFrom('game_notices')
    .select(['type', 'values', 'time'])
    .where('game_id', '=', gameId)
    .where('type', 'in', BLOOD_NOTICES)
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((row) => {
    // A blood notice's values are [team name, challenge title] (services/flagCheck/checkBatch.ts).
    const [team = '', challenge = ''] = JSON.parse(row.values) as string[];
    return { type: row.type as BloodRow['type'], team, challenge, time: Number(row.time) };
  });
}

/** Running team containers per game (organisers' test containers have no instance). */
export async function countRunningInstances(
  db: Kysely<DB>,
  gameIds: readonly number[],
): Promise<{ gameId: number; count: number }[]> {
  if (gameIds.length === 0) return [];
  const rows = await db
    .selectFrom('containers')
    .innerJoin('challenges', 'challenges.id', 'containers.challenge_id')
    .select(['challenges.game_id', (eb) => eb.fn.countAll().as('count')])
    .where('challenges.game_id', 'in', gameIds)
    .where('containers.game_instance_id', 'is not', null)
    .groupBy('challenges.game_id')
    .execute();
  return rows.map((row) => ({ gameId: row.game_id, count: Number(row.count) }));
}

/** Log entries of level Error or Fatal since `since`. */
export async function countErrorsSince(db: Kysely<DB>, since: number): Promise<number> {
  const { count } = await db
    .selectFrom('logs')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('level', 'in', ['Error', 'Fatal'])
    .where('time', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}
