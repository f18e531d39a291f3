// Priced hints (issue 25): a challenge's hints with a cost, and the teams' unlocks of them.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';
import type { ChallengeHintRow } from '../tables/hints.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface PricedHint {
  id: number;
  challengeId: number;
  content: string;
  cost: number;
}

const toHint = (row: ChallengeHintRow): PricedHint => ({
  id: row.id,
  challengeId: row.challenge_id,
  content: row.content,
  cost: Number(row.cost),
});

/** The challenge's priced hints in their order. */
export async function listChallengeHints(db: Db, challengeId: number): Promise<PricedHint[]> {
  const rows = await db
    .selectFrom('challenge_hints')
    .selectAll()
    .where('challenge_id', '=', challengeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toHint);
}

/** The priced hints of every challenge of the game, by challenge (for the archive). */
export async function listGameHints(db: Db, gameId: number): Promise<Map<number, PricedHint[]>> {
  const rows = await db
    .selectFrom('challenge_hints')
    .selectAll()
    .where('game_id', '=', gameId)
    .orderBy('challenge_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byChallenge = new Map<number, PricedHint[]>();
  for (const row of rows) {
    const list = byChallenge.get(row.challenge_id) ?? [];
    list.push(toHint(row));
    byChallenge.set(row.challenge_id, list);
  }
  return byChallenge;
}

export async function findChallengeHint(
  db: Db,
  challengeId: number,
  hintId: number,
): Promise<PricedHint | null> {
  const row = await db
    .selectFrom('challenge_hints')
    .selectAll()
    .where('challenge_id', '=', challengeId)
    .where('id', '=', hintId)
    .executeTakeFirst();
  return row ? toHint(row) : null;
}

/** Adds a hint after the challenge's others. */
export async function createChallengeHint(
  db: Db,
  hint: { gameId: number; challengeId: number; content: string; cost: number },
): Promise<PricedHint> {
  const last = await db
    .selectFrom('challenge_hints')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('challenge_id', '=', hint.challengeId)
    .executeTakeFirst();
  const row = await db
    .insertInto('challenge_hints')
    .values({
      game_id: hint.gameId,
      challenge_id: hint.challengeId,
      position: last?.position === null || last === undefined ? 0 : Number(last.position) + 1,
      content: hint.content,
      cost: hint.cost,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toHint(row);
}

/** The hint with its changes; null when it is not the challenge's. */
export async function updateChallengeHint(
  db: Db,
  challengeId: number,
  hintId: number,
  changes: { content?: string; cost?: number },
): Promise<PricedHint | null> {
  if (changes.content === undefined && changes.cost === undefined) {
    return findChallengeHint(db, challengeId, hintId);
  }
  const row = await db
    .updateTable('challenge_hints')
    .set({ content: changes.content, cost: changes.cost })
    .where('challenge_id', '=', challengeId)
    .where('id', '=', hintId)
    .returningAll()
    .executeTakeFirst();
  return row ? toHint(row) : null;
}

/** Whether the hint was removed (its unlocks go with it, and so do their prices). */
export async function deleteChallengeHint(
  db: Db,
  challengeId: number,
  hintId: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('challenge_hints')
    .where('challenge_id', '=', challengeId)
    .where('id', '=', hintId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Ids of the challenge's hints the registration unlocked. */
export async function teamUnlockedHints(
  db: Db,
  participationId: number,
  challengeId: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('hint_unlocks')
    .select('hint_id')
    .where('participation_id', '=', participationId)
    .where('challenge_id', '=', challengeId)
    .execute();
  return new Set(rows.map((r) => r.hint_id));
}

export interface NewHintUnlock {
  gameId: number;
  challengeId: number;
  hintId: number;
  participationId: number;
  userId: string | null;
  userName: string;
  cost: number;
  time: number;
}

/**
 * Records the unlock once per registration: whether this call recorded it. Two members pressing
 * at once (on one instance or two) both insert; the unique (hint, registration) lets one row in
 * and the other insert does nothing, so the price is paid once.
 */
export async function recordHintUnlock(db: Db, unlock: NewHintUnlock): Promise<boolean> {
  const inserted = await db
    .insertInto('hint_unlocks')
    .values({
      game_id: unlock.gameId,
      challenge_id: unlock.challengeId,
      hint_id: unlock.hintId,
      participation_id: unlock.participationId,
      user_id: unlock.userId,
      user_name: unlock.userName,
      cost: unlock.cost,
      time: unlock.time,
    })
    .onConflict((oc) => oc.columns(['hint_id', 'participation_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // A conflict inserts nothing and so returns no row.
  return inserted !== undefined;
}

export interface HintUnlock {
  id: number;
  hintId: number;
  challengeId: number;
  challengeTitle: string;
  teamId: number;
  teamName: string;
  participationId: number;
  userName: string;
  cost: number;
  time: number;
}

/** Every unlock of the game's hints, by time (then id), for monitors. */
export async function listHintUnlocks(db: Db, gameId: number): Promise<HintUnlock[]> {
  const rows = await db
    .selectFrom('hint_unlocks as h')
    .innerJoin('participations as p', 'p.id', 'h.participation_id')
    .innerJoin('teams as t', 't.id', 'p.team_id')
    .innerJoin('challenges as c', 'c.id', 'h.challenge_id')
    .select([
      'h.id',
      'h.hint_id',
      'h.challenge_id',
      'c.title as challenge_title',
      't.id as team_id',
      't.name as team_name',
      'h.participation_id',
      'h.user_name',
      'h.cost',
      'h.time',
    ])
    .where('h.game_id', '=', gameId)
    .orderBy('h.time')
    .orderBy('h.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    hintId: r.hint_id,
    challengeId: r.challenge_id,
    challengeTitle: r.challenge_title,
    teamId: r.team_id,
    teamName: r.team_name,
    participationId: r.participation_id,
    userName: r.user_name,
    cost: Number(r.cost),
    time: Number(r.time),
  }));
}

/** What the board counts of an unlock. */
export interface ScoreHintPriceRow {
  id: number;
  participationId: number;
  challengeId: number;
  cost: number;
  time: number;
}

/**
 * The game's unlocks that cost points, made before its end, as the board counts them: one
 * indexed read per build, like the awards (a team unlocks a few hints, not thousands).
 */
export async function listScoreHintPrices(
  db: Db,
  gameId: number,
  endTime: number,
): Promise<ScoreHintPriceRow[]> {
  const rows = await db
    .selectFrom('hint_unlocks')
    .select(['id', 'participation_id', 'challenge_id', 'cost', 'time'])
    .where('game_id', '=', gameId)
    .where('time', '<', endTime)
    .where('cost', '>', 0)
    .orderBy('time')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    participationId: r.participation_id,
    challengeId: r.challenge_id,
    cost: Number(r.cost),
    time: Number(r.time),
  }));
}
