// What a game's scoreboard is built from: the game, its enabled challenges, its Accepted
// registrations with their teams, and the Accepted submissions made before the end. The sheet
// adds the registered members of those teams.
import type { Kysely, Selectable } from 'kysely';
import type { SubmissionsTable } from '../tables/participations.js';
import { locksRows } from '../dialects/index.js';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import { toPlayMode, type PlayMode } from '../../domain/playMode.js';
import { toScoreVisibility, type ScoreVisibility } from '../../domain/scoreVisibility.js';

export interface ScoreboardGame {
  id: number;
  title: string;
  startTime: number;
  endTime: number;
  bloodBonus: number;
  divisions: string[];
  /** Scoreboard freeze (epoch ms), null for none. */
  freezeTime: number | null;
  /** When a costed hint's price is paid (issue 25). */
  hintPolicy: 'AtUnlock' | 'OnSolve';
  /** Not listed: only Monitors and Admins see the game (domain/gameGate.ts). */
  hidden: boolean;
  /** Who sees the scores until the end (issue 25, domain/scoreVisibility.ts). */
  scoreVisibility: ScoreVisibility;
  /** Teams or individual play (issue 25): the sheet calls its entries players. */
  playMode: PlayMode;
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

/** Solve orders that can make bloods (first, second, third). */
const BLOOD_ORDERS = 3;

export interface ScoreboardSolveRow {
  id: number;
  participationId: number;
  challengeId: number;
  userName: string | null;
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
    .select([
      'id',
      'title',
      'start_time',
      'end_time',
      'blood_bonus',
      'divisions',
      'freeze_time',
      'hidden',
      'score_visibility',
      'hint_policy',
      'play_mode',
    ])
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
    freezeTime: row.freeze_time === null ? null : Number(row.freeze_time),
    hidden: fromFlag(row.hidden),
    scoreVisibility: toScoreVisibility(row.score_visibility),
    hintPolicy: row.hint_policy === 'OnSolve' ? 'OnSolve' : 'AtUnlock',
    playMode: toPlayMode(row.play_mode),
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
  /** Challenges hidden until a release time still to come are left off the board (issue 25). */
  now = Date.now(),
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
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('challenge_unlocks as u')
            .select('u.challenge_id')
            .whereRef('u.challenge_id', '=', 'challenges.id')
            .where('u.show_when_locked', '=', 0)
            .where('u.release_time', '>', now),
        ),
      ),
    )
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
 * Accepted submissions of the game made strictly before its end, in time order, each with the
 * solve order that can make it a blood. One table, no joins: at 1,000 teams this is tens of
 * thousands of rows, and the rows of teams or challenges that do not count are dropped by the
 * scoring rules themselves (which know the accepted teams and enabled challenges).
 */
export async function listSolvesBefore(
  db: Kysely<DB>,
  gameId: number,
  endTime: number,
): Promise<ScoreboardSolveRow[]> {
  const [rows, orders] = await Promise.all([
    db
      .selectFrom('submissions')
      .select(['id', 'participation_id', 'challenge_id', 'user_name', 'submit_time'])
      .where('game_id', '=', gameId)
      .where('status', '=', 'Accepted')
      .where('submit_time', '<', endTime)
      .execute(),
    listBloodOrders(db, gameId),
  ]);
  return withBloodOrders(rows.map(toSolve), orders);
}

/** An accepted submission as read, before its solve order is known. */
export type AcceptedSolve = Omit<ScoreboardSolveRow, 'solveOrder' | 'userName'> & {
  userName: string;
};

type SolveColumns = Pick<
  Selectable<SubmissionsTable>,
  'id' | 'participation_id' | 'challenge_id' | 'user_name' | 'submit_time'
>;

const toSolve = (r: SolveColumns): AcceptedSolve => ({
  id: r.id,
  participationId: r.participation_id,
  challengeId: r.challenge_id,
  userName: r.user_name,
  time: Number(r.submit_time),
});

/** The solves with their blood orders; written out field by field (tens of thousands of rows). */
export function withBloodOrders(
  solves: Iterable<AcceptedSolve>,
  orders: ReadonlyMap<number, ReadonlyMap<number, number>>,
): ScoreboardSolveRow[] {
  const rows: ScoreboardSolveRow[] = [];
  for (const solve of solves) {
    rows.push({
      id: solve.id,
      participationId: solve.participationId,
      challengeId: solve.challengeId,
      // a solve by a deleted account has no name on the board
      userName: solve.userName || null,
      time: solve.time,
      solveOrder: orders.get(solve.participationId)?.get(solve.challengeId) ?? null,
    });
  }
  return rows;
}

export interface AcceptedSince {
  /** Accepted submissions of the game with an id ≥ the one asked for (any time). */
  solves: AcceptedSolve[];
  /** The smallest id of the game's submissions still waiting for their check, if any. */
  firstUnchecked: number | null;
}

/**
 * What became accepted since a build: accepted submissions from id `fromId` on (all of them for
 * null), and the first submission still unchecked, read in one snapshot (everything before that
 * one has its final result, so the next read can start there).
 */
export async function listAcceptedSince(
  db: Kysely<DB>,
  gameId: number,
  fromId: number | null,
): Promise<AcceptedSince> {
  const read = async (trx: Kysely<DB>): Promise<AcceptedSince> => {
    const first = await trx
      .selectFrom('submissions')
      .select((eb) => eb.fn.min('id').as('id'))
      .where('game_id', '=', gameId)
      .where('status', '=', 'FlagSubmitted')
      .executeTakeFirst();
    let query = trx
      .selectFrom('submissions')
      .select(['id', 'participation_id', 'challenge_id', 'user_name', 'submit_time'])
      .where('game_id', '=', gameId)
      .where('status', '=', 'Accepted');
    if (fromId !== null) query = query.where('id', '>=', fromId);
    const rows = await query.execute();
    const firstId = first?.id;
    return { solves: rows.map(toSolve), firstUnchecked: firstId == null ? null : Number(firstId) };
  };
  // One snapshot for both reads: SQLite keeps one for a read transaction; PostgreSQL needs
  // REPEATABLE READ for it.
  const transaction = locksRows(db)
    ? db.transaction().setIsolationLevel('repeatable read')
    : db.transaction();
  return transaction.execute(read);
}

/**
 * The solve order the flag checker gave the first three solvers of each challenge of the game,
 * by participation and challenge. Only they can be bloods; every later solver ranks after them
 * by time whatever its order, so the others need not be read.
 */
export async function listBloodOrders(
  db: Kysely<DB>,
  gameId: number,
): Promise<Map<number, Map<number, number>>> {
  const rows = await db
    .selectFrom('game_instances as i')
    .innerJoin('challenges as c', 'c.id', 'i.challenge_id')
    .select(['i.participation_id', 'i.challenge_id', 'i.solve_order'])
    .where('c.game_id', '=', gameId)
    .where('i.solve_order', '<=', BLOOD_ORDERS)
    .execute();
  const orders = new Map<number, Map<number, number>>();
  for (const row of rows) {
    const byChallenge = orders.get(row.participation_id) ?? new Map<number, number>();
    byChallenge.set(row.challenge_id, Number(row.solve_order));
    orders.set(row.participation_id, byChallenge);
  }
  return orders;
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
