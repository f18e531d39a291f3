// Flag submissions: stored as `FlagSubmitted`, then given their result by the flag checker, which
// also counts checked submissions and solving teams on the challenge (atomically).
import { sql, type Kysely, type Transaction } from 'kysely';
import { locksRows } from '../dialects/index.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export type AnswerResult =
  'FlagSubmitted' | 'Accepted' | 'WrongAnswer' | 'CheatDetected' | 'NotFound';

export interface NewSubmission {
  gameId: number;
  challengeId: number;
  participationId: number;
  userId: string;
  userName: string;
  answer: string;
  now: number;
  /** Claimed at once by the instance that will check it (db/repositories/submissionClaims.ts). */
  claim?: { by: string; until: number };
}

/** A submission with the names monitors see. */
export interface SubmissionView {
  id: number;
  gameId: number;
  challengeId: number;
  participationId: number;
  answer: string;
  status: AnswerResult;
  time: number;
  userName: string;
  teamName: string;
  challengeTitle: string;
  email: string | null;
}

const submissionRow = (input: NewSubmission) => ({
  game_id: input.gameId,
  challenge_id: input.challengeId,
  participation_id: input.participationId,
  user_id: input.userId,
  user_name: input.userName,
  answer: input.answer,
  status: 'FlagSubmitted' as const,
  submit_time: input.now,
  claimed_by: input.claim?.by ?? null,
  claim_expires_at: input.claim?.until ?? null,
});

export async function insertSubmission(db: Db, input: NewSubmission): Promise<number> {
  const row = await db
    .insertInto('submissions')
    .values(submissionRow(input))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What tells the rows of one multi-row insert apart (rows equal in all of it are equal). */
const rowKey = (r: {
  participationId: number;
  challengeId: number;
  userId: string;
  now: number;
  answer: string;
}) => `${r.participationId}:${r.challengeId}:${r.now}:${r.userId}:${r.answer}`;

/**
 * Stores the submissions in one statement (one commit: services/submissionBatches.ts gathers the
 * requests arriving together); answers their ids in the order given. Neither database promises
 * the order of RETURNING, so each id is matched back to its submission by its columns: two
 * submissions equal in every one of them are interchangeable.
 */
export async function insertSubmissions(
  db: Db,
  inputs: readonly NewSubmission[],
): Promise<number[]> {
  if (inputs.length === 0) return [];
  if (inputs.length === 1) return [await insertSubmission(db, inputs[0])];
  const rows = await db
    .insertInto('submissions')
    .values(inputs.map(submissionRow))
    .returning(['id', 'participation_id', 'challenge_id', 'user_id', 'submit_time', 'answer'])
    .execute();
  const idsByKey = new Map<string, number[]>();
  for (const row of rows) {
    const key = rowKey({
      participationId: row.participation_id,
      challengeId: row.challenge_id,
      userId: row.user_id ?? '',
      now: Number(row.submit_time),
      answer: row.answer,
    });
    const ids = idsByKey.get(key);
    if (ids) ids.push(row.id);
    else idsByKey.set(key, [row.id]);
  }
  return inputs.map((input) => {
    const id = idsByKey.get(rowKey(input))?.shift();
    if (id === undefined) throw new Error('A stored submission did not come back from its insert');
    return id;
  });
}

/** The result of one of the user's submissions, matched by game, challenge, user and id. */
export async function findOwnSubmissionStatus(
  db: Db,
  key: { id: number; gameId: number; challengeId: number; userId: string },
): Promise<AnswerResult | null> {
  const row = await db
    .selectFrom('submissions')
    .select('status')
    .where('id', '=', key.id)
    .where('game_id', '=', key.gameId)
    .where('challenge_id', '=', key.challengeId)
    .where('user_id', '=', key.userId)
    .executeTakeFirst();
  return row ? (row.status as AnswerResult) : null;
}

/**
 * Gives those of the submissions still being checked this result; answers the ids it settled (a
 * submission another checker settled first is left alone: each is checked exactly once).
 */
export async function settleSubmissions(
  db: Db,
  ids: readonly number[],
  status: AnswerResult,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('submissions')
    .set({ status })
    .where('id', 'in', ids)
    .where('status', '=', 'FlagSubmitted')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

function viewQuery(db: Db) {
  return db
    .selectFrom('submissions')
    .innerJoin('participations', 'participations.id', 'submissions.participation_id')
    .innerJoin('teams', 'teams.id', 'participations.team_id')
    .innerJoin('challenges', 'challenges.id', 'submissions.challenge_id')
    .leftJoin('users', 'users.id', 'submissions.user_id')
    .select([
      'submissions.id',
      'submissions.game_id',
      'submissions.challenge_id',
      'submissions.participation_id',
      'submissions.answer',
      'submissions.status',
      'submissions.submit_time',
      'submissions.user_name',
      'teams.name as team_name',
      'challenges.title as challenge_title',
      'users.email',
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

function toView(row: ViewRow): SubmissionView {
  return {
    id: row.id,
    gameId: row.game_id,
    challengeId: row.challenge_id,
    participationId: row.participation_id,
    answer: row.answer,
    status: row.status as AnswerResult,
    time: Number(row.submit_time),
    userName: row.user_name,
    teamName: row.team_name,
    challengeTitle: row.challenge_title,
    email: row.email ?? null,
  };
}

export async function findSubmissionView(db: Db, id: number): Promise<SubmissionView | null> {
  const row = await viewQuery(db).where('submissions.id', '=', id).executeTakeFirst();
  return row ? toView(row) : null;
}

/**
 * The submissions of these ids that still wait for their check, oldest first. In a transaction
 * on PostgreSQL their rows are locked, in id order, until it ends: checkers that race over the
 * same ids queue here, always in the same order, and the later ones find them settled.
 */
export async function claimUncheckedSubmissionViews(
  db: Db,
  ids: readonly number[],
): Promise<SubmissionView[]> {
  if (ids.length === 0) return [];
  let query = viewQuery(db)
    .where('submissions.id', 'in', ids)
    .where('submissions.status', '=', 'FlagSubmitted')
    .orderBy('submissions.id');
  if (locksRows(db)) query = query.forUpdate('submissions');
  return (await query.execute()).map(toView);
}

/** A page of the game's submissions, newest first; `count` undefined = all of them. */
export async function listSubmissionViews(
  db: Db,
  gameId: number,
  page: { status?: AnswerResult; skip?: number; count?: number } = {},
): Promise<SubmissionView[]> {
  let query = viewQuery(db)
    .where('submissions.game_id', '=', gameId)
    .orderBy('submissions.submit_time', 'desc')
    .orderBy('submissions.id', 'desc');
  if (page.status) query = query.where('submissions.status', '=', page.status);
  if (page.count !== undefined) query = query.limit(page.count).offset(page.skip ?? 0);
  return (await query.execute()).map(toView);
}

export interface ChallengeCounts {
  /** Checked submissions to add. */
  checked: number;
  /** Solving teams to add. */
  accepted: number;
}

/**
 * Adds checked submissions and solving teams to the challenges' counters, atomically and in one
 * statement; answers each challenge's new count of solving teams.
 */
export async function countChecks(
  db: Db,
  counts: ReadonlyMap<number, ChallengeCounts>,
): Promise<Map<number, number>> {
  if (counts.size === 0) return new Map();
  const ids = [...counts.keys()];
  const added = (pick: (c: ChallengeCounts) => number) =>
    sql.join(
      [...counts].map(([id, c]) => sql`when ${id} then cast(${pick(c)} as integer)`),
      sql` `,
    );
  const rows = await db
    .updateTable('challenges')
    .set({
      submission_count: sql`submission_count + case id ${added((c) => c.checked)} else 0 end`,
      accepted_count: sql`accepted_count + case id ${added((c) => c.accepted)} else 0 end`,
    })
    .where('id', 'in', ids)
    .returning(['id', 'accepted_count'])
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.accepted_count)]));
}
