// Challenges of a game, their per-team instances on enabling, and the solve recount.
import type { Kysely, Transaction, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import type { ChallengeRow, ChallengesTable } from '../tables/challenges.js';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';

type Db = Kysely<DB> | Transaction<DB>;

export type ChallengeCategory = components['schemas']['ChallengeCategory'];
export type ChallengeType = components['schemas']['ChallengeType'];

export interface ChallengeSettings {
  title: string;
  content: string;
  category: ChallengeCategory;
  hints: string[];
  flagTemplate: string | null;
  isEnabled: boolean;
  fileName: string;
  containerImage: string;
  memoryLimit: number;
  cpuCount: number;
  storageLimit: number;
  containerExposePort: number;
  enableTrafficCapture: boolean;
  disableBloodBonus: boolean;
  originalScore: number;
  minScoreRate: number;
  difficulty: number;
  /** Most wrong submissions per team; 0 = no limit. */
  maxAttempts: number;
  /** Seconds a team waits after a wrong submission; 0 = none. */
  attemptWait: number;
}

export interface Challenge extends ChallengeSettings {
  id: number;
  gameId: number;
  type: ChallengeType;
  acceptedCount: number;
  submissionCount: number;
  attachmentId: number | null;
  createdAt: number;
}

export function toChallenge(row: ChallengeRow): Challenge {
  return {
    id: row.id,
    gameId: row.game_id,
    title: row.title,
    content: row.content,
    category: row.category as ChallengeCategory,
    type: row.type as ChallengeType,
    hints: JSON.parse(row.hints) as string[],
    flagTemplate: row.flag_template,
    isEnabled: fromFlag(row.is_enabled),
    acceptedCount: row.accepted_count,
    submissionCount: row.submission_count,
    fileName: row.file_name,
    attachmentId: row.attachment_id,
    containerImage: row.container_image,
    memoryLimit: row.memory_limit,
    cpuCount: row.cpu_count,
    storageLimit: row.storage_limit,
    containerExposePort: row.container_expose_port,
    enableTrafficCapture: fromFlag(row.enable_traffic_capture),
    disableBloodBonus: fromFlag(row.disable_blood_bonus),
    originalScore: row.original_score,
    minScoreRate: Number(row.min_score_rate),
    difficulty: Number(row.difficulty),
    maxAttempts: Number(row.max_attempts),
    attemptWait: Number(row.attempt_wait),
    createdAt: Number(row.created_at),
  };
}

function settingsColumns(s: Partial<ChallengeSettings>): Updateable<ChallengesTable> {
  const columns: Record<string, unknown> = {
    title: s.title,
    content: s.content,
    category: s.category,
    hints: s.hints === undefined ? undefined : JSON.stringify(s.hints),
    flag_template: s.flagTemplate,
    is_enabled: s.isEnabled === undefined ? undefined : toFlag(s.isEnabled),
    file_name: s.fileName,
    container_image: s.containerImage,
    memory_limit: s.memoryLimit,
    cpu_count: s.cpuCount,
    storage_limit: s.storageLimit,
    container_expose_port: s.containerExposePort,
    enable_traffic_capture:
      s.enableTrafficCapture === undefined ? undefined : toFlag(s.enableTrafficCapture),
    disable_blood_bonus:
      s.disableBloodBonus === undefined ? undefined : toFlag(s.disableBloodBonus),
    original_score: s.originalScore,
    min_score_rate: s.minScoreRate,
    difficulty: s.difficulty,
    max_attempts: s.maxAttempts,
    attempt_wait: s.attemptWait,
  };
  for (const key of Object.keys(columns)) if (columns[key] === undefined) delete columns[key];
  return columns as Updateable<ChallengesTable>;
}

export interface NewChallenge extends Partial<ChallengeSettings> {
  title: string;
  type?: ChallengeType;
  now?: number;
}

export async function createChallenge(db: Db, gameId: number, input: NewChallenge) {
  const { type = 'StaticAttachment', now = Date.now(), ...settings } = input;
  const row = await db
    .insertInto('challenges')
    .values({
      ...settingsColumns(settings),
      game_id: gameId,
      title: input.title,
      type,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toChallenge(row);
}

export async function findChallenge(db: Db, gameId: number, id: number): Promise<Challenge | null> {
  const row = await db
    .selectFrom('challenges')
    .selectAll()
    .where('id', '=', id)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

export async function findChallengesByIds(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Challenge>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('challenges').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, toChallenge(row)]));
}

export async function listChallenges(db: Db, gameId: number): Promise<Challenge[]> {
  const rows = await db
    .selectFrom('challenges')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('id')
    .execute();
  return rows.map(toChallenge);
}

export async function updateChallenge(
  db: Db,
  id: number,
  settings: Partial<ChallengeSettings> & { attachmentId?: number | null },
): Promise<Challenge | null> {
  const columns = settingsColumns(settings);
  if (settings.attachmentId !== undefined) columns.attachment_id = settings.attachmentId;
  if (Object.keys(columns).length === 0) {
    const row = await db
      .selectFrom('challenges')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toChallenge(row) : null;
  }
  const row = await db
    .updateTable('challenges')
    .set(columns)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toChallenge(row) : null;
}

export async function deleteChallengeRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('challenges').where('id', '=', id).execute();
}

/** Gives every participation of the game (any status) an instance of the challenge. */
export async function createInstancesForChallenge(db: Db, gameId: number, challengeId: number) {
  const participations = await db
    .selectFrom('participations')
    .select('id')
    .where('game_id', '=', gameId)
    .execute();
  if (participations.length === 0) return;
  await db
    .insertInto('game_instances')
    .values(participations.map((p) => ({ participation_id: p.id, challenge_id: challengeId })))
    .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
    .execute();
}

/** Sets every challenge's accepted count to its solved instances of Accepted participations. */
export async function recountAcceptedCounts(db: Db, gameId: number): Promise<void> {
  await db
    .updateTable('challenges')
    .set({
      accepted_count: sql<number>`(
        select count(*) from game_instances
        inner join participations on participations.id = game_instances.participation_id
        where game_instances.challenge_id = challenges.id
          and game_instances.is_solved = 1
          and participations.status = 'Accepted'
      )`,
    })
    .where('game_id', '=', gameId)
    .execute();
}
