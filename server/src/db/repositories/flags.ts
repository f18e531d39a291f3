// Stored flags of a challenge (static flags, or the (flag, attachment) pool of a dynamic
// attachment challenge).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';

type Db = Kysely<DB> | Transaction<DB>;

/** How answers are compared with a flag (migration 0016; the spec's `FlagMatchMode`). */
export const FLAG_MATCH_MODES = ['Exact', 'CaseInsensitive', 'Regex'] as const;
export type FlagMatchMode = (typeof FLAG_MATCH_MODES)[number];

/** A stored mode read back; anything unknown is taken as `Exact`, the strictest. */
const toMatchMode = (value: string): FlagMatchMode =>
  (FLAG_MATCH_MODES as readonly string[]).includes(value) ? (value as FlagMatchMode) : 'Exact';

export interface StoredFlag {
  id: number;
  challengeId: number;
  flag: string;
  attachmentId: number | null;
  occupied: boolean;
  matchMode: FlagMatchMode;
}

/** A flag as the checker compares answers with it. */
export interface FlagToMatch {
  flag: string;
  matchMode: FlagMatchMode;
}

export async function listFlags(db: Db, challengeId: number): Promise<StoredFlag[]> {
  const rows = await db
    .selectFrom('flags')
    .selectAll()
    .where('challenge_id', '=', challengeId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    challengeId: row.challenge_id,
    flag: row.flag,
    attachmentId: row.attachment_id,
    occupied: fromFlag(row.occupied),
    matchMode: toMatchMode(row.match_mode),
  }));
}

/** The stored flags of each of these challenges with their match modes, by challenge id. */
export async function listFlagsOfChallenges(
  db: Db,
  challengeIds: readonly number[],
): Promise<Map<number, FlagToMatch[]>> {
  const flags = new Map<number, FlagToMatch[]>(challengeIds.map((id) => [id, []]));
  if (challengeIds.length === 0) return flags;
  const rows = await db
    .selectFrom('flags')
    .select(['challenge_id', 'flag', 'match_mode'])
    .where('challenge_id', 'in', challengeIds)
    .execute();
  for (const row of rows) {
    flags.get(row.challenge_id)?.push({ flag: row.flag, matchMode: toMatchMode(row.match_mode) });
  }
  return flags;
}

export async function countFlags(db: Db, challengeId: number): Promise<number> {
  const row = await db
    .selectFrom('flags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('challenge_id', '=', challengeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertFlags(
  db: Db,
  challengeId: number,
  flags: Array<{ flag: string; attachmentId: number | null; matchMode?: FlagMatchMode }>,
): Promise<void> {
  if (flags.length === 0) return;
  await db
    .insertInto('flags')
    .values(
      flags.map((f) => ({
        challenge_id: challengeId,
        flag: f.flag,
        attachment_id: f.attachmentId,
        match_mode: f.matchMode ?? 'Exact',
      })),
    )
    .execute();
}

/** Deletes one flag of the challenge; answers it (for its attachment), or null when missing. */
export async function deleteFlag(
  db: Db,
  challengeId: number,
  flagId: number,
): Promise<{ attachmentId: number | null } | null> {
  const row = await db
    .deleteFrom('flags')
    .where('id', '=', flagId)
    .where('challenge_id', '=', challengeId)
    .returning('attachment_id')
    .executeTakeFirst();
  return row ? { attachmentId: row.attachment_id } : null;
}

/** The attachment ids of every flag of the given challenges. */
export async function flagAttachmentIds(db: Db, challengeIds: number[]): Promise<number[]> {
  if (challengeIds.length === 0) return [];
  const rows = await db
    .selectFrom('flags')
    .select('attachment_id')
    .where('challenge_id', 'in', challengeIds)
    .where('attachment_id', 'is not', null)
    .execute();
  return rows.map((row) => row.attachment_id as number);
}
