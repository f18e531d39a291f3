/**
 * An organiser's change of a challenge's unlock settings (issue 25), inside the transaction of
 * the challenge update: the new rule is checked against the game's other rules as stored in that
 * transaction (ids of this game only, no cycle, "any N" within the list) and stored, or the whole
 * update is refused with a 400 naming what is wrong.
 *
 * A change of prerequisites first locks the game's row (PostgreSQL; SQLite has one writer at a
 * time): two organisers saving opposite edges at once (A needs B, B needs A) would otherwise each
 * check a graph without the other's edge and together store a cycle. The second now waits for the
 * first to commit and sees its edge.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  emptyRule,
  listPrerequisiteEdges,
  listUnlockRules,
  saveUnlockRule,
} from '../../db/repositories/challengeUnlocks.js';
import { lockInIdOrder } from '../../db/repositories/rowLocks.js';
import type { DB } from '../../db/schema.js';
import { InvalidInput } from '../../domain/errors.js';
import {
  prerequisiteProblem,
  type KnownChallenge,
} from '../../domain/unlocks/prerequisiteCheck.js';
import type { UnlockRule } from '../../domain/unlocks/rules.js';
import { appliedRule, type UnlockFields } from '../../domain/unlocks/unlockUpdate.js';

type Db = Kysely<DB> | Transaction<DB>;

/** The challenge's stored rule (an empty one when it has none). */
export async function storedRule(db: Db, gameId: number, challengeId: number): Promise<UnlockRule> {
  const rules = await listUnlockRules(db, gameId);
  return rules.find((rule) => rule.challengeId === challengeId) ?? emptyRule(challengeId);
}

async function knownChallenges(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, KnownChallenge>();
  const rows = await db
    .selectFrom('challenges')
    .select(['id', 'game_id', 'title'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((row) => [row.id, { id: row.id, gameId: row.game_id, title: row.title }]),
  );
}

async function gameTitles(db: Db, gameId: number) {
  const rows = await db
    .selectFrom('challenges')
    .select(['id', 'title'])
    .where('game_id', '=', gameId)
    .execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Checks the rule against the game's other rules; throws InvalidInput with the problem. */
export async function checkRule(db: Db, gameId: number, rule: UnlockRule): Promise<void> {
  if (Number.isNaN(rule.releaseTime)) throw new InvalidInput('The release time is not a date');
  const [known, edges, titles] = await Promise.all([
    knownChallenges(db, rule.prerequisites),
    listPrerequisiteEdges(db, gameId),
    gameTitles(db, gameId),
  ]);
  const problem = prerequisiteProblem({
    challengeId: rule.challengeId,
    gameId,
    prerequisites: rule.prerequisites,
    prerequisiteCount: rule.prerequisiteCount ?? 0,
    known,
    edges,
    titles,
  });
  if (problem) throw new InvalidInput(problem);
}

/** Applies the update's unlock fields to the challenge's rule, checked, in `trx`. */
export async function applyUnlockFields(
  trx: Transaction<DB>,
  gameId: number,
  challengeId: number,
  update: UnlockFields,
): Promise<UnlockRule> {
  if (update.prerequisites !== undefined) await lockInIdOrder(trx, 'games', [gameId]);
  const rule = appliedRule(await storedRule(trx, gameId, challengeId), update);
  await checkRule(trx, gameId, rule);
  await saveUnlockRule(trx, gameId, rule);
  return rule;
}
