// Unlock settings of challenges and their prerequisites (migration 0019, issue 25), and what a
// team's unlocks are computed from: its solved challenges.
import type { Kysely, Transaction } from 'kysely';
import type { UnlockRule } from '../../domain/unlocks/rules.js';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Every challenge's rule in the game (challenges without settings have none). */
export async function listUnlockRules(db: Db, gameId: number): Promise<UnlockRule[]> {
  const [rows, edges] = await Promise.all([
    db.selectFrom('challenge_unlocks').selectAll().where('game_id', '=', gameId).execute(),
    listPrerequisiteEdges(db, gameId),
  ]);
  const rules = new Map<number, UnlockRule>();
  for (const row of rows) {
    rules.set(row.challenge_id, {
      challengeId: row.challenge_id,
      prerequisites: [],
      prerequisiteCount: row.prerequisite_count,
      unlockScore: row.unlock_score,
      releaseTime: row.release_time === null ? null : Number(row.release_time),
      showWhenLocked: fromFlag(row.show_when_locked),
      releaseNotice: fromFlag(row.release_notice),
    });
  }
  for (const [challengeId, required] of edges) {
    const rule = rules.get(challengeId) ?? { ...emptyRule(challengeId) };
    rules.set(challengeId, { ...rule, prerequisites: required });
  }
  return [...rules.values()];
}

export const emptyRule = (challengeId: number): UnlockRule => ({
  challengeId,
  prerequisites: [],
  prerequisiteCount: null,
  unlockScore: null,
  releaseTime: null,
  showWhenLocked: false,
  releaseNotice: false,
});

/** The game's prerequisite lists, by challenge, in id order. */
export async function listPrerequisiteEdges(
  db: Db,
  gameId: number,
): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('challenge_prerequisites as p')
    .innerJoin('challenges as c', 'c.id', 'p.challenge_id')
    .select(['p.challenge_id', 'p.required_id'])
    .where('c.game_id', '=', gameId)
    .orderBy('p.challenge_id')
    .orderBy('p.required_id')
    .execute();
  const edges = new Map<number, number[]>();
  for (const row of rows) {
    const list = edges.get(row.challenge_id) ?? [];
    list.push(row.required_id);
    edges.set(row.challenge_id, list);
  }
  return edges;
}

/** Stores a challenge's whole rule (its settings row and its prerequisite list). */
export async function saveUnlockRule(db: Db, gameId: number, rule: UnlockRule): Promise<void> {
  const values = {
    prerequisite_count: rule.prerequisiteCount || null,
    unlock_score: rule.unlockScore || null,
    release_time: rule.releaseTime,
    show_when_locked: toFlag(rule.showWhenLocked),
    release_notice: toFlag(rule.releaseNotice),
  };
  const existing = await db
    .selectFrom('challenge_unlocks')
    .select(['release_time', 'released_at'])
    .where('challenge_id', '=', rule.challengeId)
    .executeTakeFirst();
  if (existing) {
    // A release moved to another time gets its notice again then.
    const before = existing.release_time === null ? null : Number(existing.release_time);
    const moved = before !== rule.releaseTime;
    await db
      .updateTable('challenge_unlocks')
      .set(moved ? { ...values, released_at: null } : values)
      .where('challenge_id', '=', rule.challengeId)
      .execute();
  } else {
    await db
      .insertInto('challenge_unlocks')
      .values({ challenge_id: rule.challengeId, game_id: gameId, ...values })
      .execute();
  }
  await db
    .deleteFrom('challenge_prerequisites')
    .where('challenge_id', '=', rule.challengeId)
    .execute();
  const required = [...new Set(rule.prerequisites)];
  if (required.length > 0) {
    await db
      .insertInto('challenge_prerequisites')
      .values(required.map((id) => ({ challenge_id: rule.challengeId, required_id: id })))
      .execute();
  }
}

/** The challenges a team (its participation) has solved. */
export async function listSolvedChallengeIds(
  db: Db,
  participationId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('game_instances')
    .select('challenge_id')
    .where('participation_id', '=', participationId)
    .where('is_solved', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.challenge_id));
}

export interface DueRelease {
  challengeId: number;
  gameId: number;
  title: string;
  releaseTime: number;
}

/** Enabled challenges whose release notice is due at `now` and not posted yet. */
export async function listDueReleaseNotices(db: Db, now: number): Promise<DueRelease[]> {
  const rows = await db
    .selectFrom('challenge_unlocks as u')
    .innerJoin('challenges as c', 'c.id', 'u.challenge_id')
    .select(['u.challenge_id', 'u.game_id', 'c.title', 'u.release_time'])
    .where('u.release_notice', '=', 1)
    .where('u.released_at', 'is', null)
    .where('u.release_time', '<=', now)
    .where('c.is_enabled', '=', 1)
    .execute();
  return rows.map((row) => ({
    challengeId: row.challenge_id,
    gameId: row.game_id,
    title: row.title,
    releaseTime: Number(row.release_time),
  }));
}

/** Releases (any notice choice) whose time lies in (from, to]: their boards change then. */
export async function listReleasesBetween(
  db: Db,
  from: number,
  to: number,
): Promise<{ challengeId: number; gameId: number }[]> {
  const rows = await db
    .selectFrom('challenge_unlocks')
    .select(['challenge_id', 'game_id'])
    .where('release_time', '>', from)
    .where('release_time', '<=', to)
    .execute();
  return rows.map((row) => ({ challengeId: row.challenge_id, gameId: row.game_id }));
}

/**
 * Marks the release notice posted; answers whether this call did (one conditional update: of
 * several instances or runs racing, exactly one gets true).
 */
export async function markReleased(db: Db, challengeId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('challenge_unlocks')
    .set({ released_at: now })
    .where('challenge_id', '=', challengeId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
