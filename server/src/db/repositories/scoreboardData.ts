// What a game's scoreboard is built from: the game, its enabled challenges, its Accepted
// registrations with their teams, and the Accepted submissions made before the end. The sheet
// adds the registered members of those teams.
import type { Kysely } from 'kysely';
import { fromFlag, type DB } from '../schema.js';

export interface ScoreboardGame {
  id: number;
  title: string;
  startTime: number;
  endTime: number;
  bloodBonus: number;
  divisions: string[];
}

export interface ScoreboardChallengeRow {
  id: number;
  title: string;
  category: string;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  acceptedCount: number;
  disableBloodBonus: boolean;
}

export interface ScoreboardTeamRow {
  participationId: number;
  teamId: number;
  name: string;
  bio: string;
  avatarHash: string | null;
  division: string | null;
  captainName: string;
}

export interface ScoreboardSolveRow {
  id: number;
  participationId: number;
  challengeId: number;
  userName: string;
  time: number;
  /** The team's solve order on the challenge, as the flag checker counted it. */
  solveOrder: number | null;
}

export interface ScoreboardMemberRow {
  participationId: number;
  userName: string;
  realName: string;
  email: string;
  stdNumber: string;
  phone: string | null;
}

function parseDivisions(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

export async function findScoreboardGame(
  db: Kysely<DB>,
  gameId: number,
): Promise<ScoreboardGame | undefined> {
  const row = await db
    .selectFrom('games')
    .select(['id', 'title', 'start_time', 'end_time', 'blood_bonus', 'divisions'])
    .where('id', '=', gameId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    startTime: Number(row.start_time),
    endTime: Number(row.end_time),
    bloodBonus: Number(row.blood_bonus),
    divisions: parseDivisions(row.divisions),
  };
}

/** Ids of games that start within [from, to] (the scoreboard warm-up). */
export async function listGamesStartingBetween(
  db: Kysely<DB>,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('games')
    .select('id')
    .where('start_time', '>=', from)
    .where('start_time', '<=', to)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of games under way at some time within [from, to] (the warm-up at server start). */
export async function listGamesUnderWayBetween(
  db: Kysely<DB>,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('games')
    .select('id')
    .where('start_time', '<=', to)
    .where('end_time', '>=', from)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function listEnabledChallenges(
  db: Kysely<DB>,
  gameId: number,
): Promise<ScoreboardChallengeRow[]> {
  const rows = await db
    .selectFrom('challenges')
    .select([
      'id',
      'title',
      'category',
      'original_score',
      'min_score_rate',
      'difficulty',
      'accepted_count',
      'disable_blood_bonus',
    ])
    .where('game_id', '=', gameId)
    .where('is_enabled', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    originalScore: Number(r.original_score),
    minScoreRate: Number(r.min_score_rate),
    difficulty: Number(r.difficulty),
    acceptedCount: Number(r.accepted_count),
    disableBloodBonus: fromFlag(r.disable_blood_bonus),
  }));
}

/** Accepted registrations in registration order. */
export async function listAcceptedTeams(
  db: Kysely<DB>,
  gameId: number,
): Promise<ScoreboardTeamRow[]> {
  const rows = await db
    .selectFrom('participations as p')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('users as captain', 'captain.id', 't.captain_id')
    .select([
      'p.id as participationId',
      't.id as teamId',
      't.name',
      't.bio',
      't.avatar_hash as avatarHash',
      'p.division',
      'captain.user_name as captainName',
    ])
    .where('p.game_id', '=', gameId)
    .where('p.status', '=', 'Accepted')
    .orderBy('p.id')
    .execute();
  return rows;
}

/**
 * Accepted submissions of Accepted registrations on enabled challenges, made strictly before the
 * game end, in time order (the earliest per team and challenge is the one that counts), each with
 * the team's solve order on the challenge.
 */
export async function listSolvesBefore(
  db: Kysely<DB>,
  gameId: number,
  endTime: number,
): Promise<ScoreboardSolveRow[]> {
  const rows = await db
    .selectFrom('submissions as s')
    .innerJoin('participations as p', 'p.id', 's.participation_id')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .leftJoin('game_instances as i', (join) =>
      join
        .onRef('i.participation_id', '=', 's.participation_id')
        .onRef('i.challenge_id', '=', 's.challenge_id'),
    )
    .select([
      's.id',
      's.participation_id as participationId',
      's.challenge_id as challengeId',
      's.user_name as userName',
      's.submit_time as time',
      'i.solve_order as solveOrder',
    ])
    .where('s.game_id', '=', gameId)
    .where('s.status', '=', 'Accepted')
    .where('s.submit_time', '<', endTime)
    .where('p.status', '=', 'Accepted')
    .where('c.is_enabled', '=', 1)
    .orderBy('s.submit_time')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    time: Number(r.time),
    solveOrder: r.solveOrder === null ? null : Number(r.solveOrder),
  }));
}

/** Registered members of the game's Accepted registrations, in joining order. */
export async function listAcceptedMembers(
  db: Kysely<DB>,
  gameId: number,
): Promise<ScoreboardMemberRow[]> {
  return db
    .selectFrom('participation_members as m')
    .innerJoin('participations as p', 'p.id', 'm.participation_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.participation_id as participationId',
      'u.user_name as userName',
      'u.real_name as realName',
      'u.email',
      'u.std_number as stdNumber',
      'u.phone',
    ])
    .where('m.game_id', '=', gameId)
    .where('p.status', '=', 'Accepted')
    .orderBy('m.joined_at')
    .orderBy('u.user_name')
    .execute();
}
