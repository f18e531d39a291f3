/**
 * What shows that the game mechanics variant (plan.ts, issue 25) was exercised, not only seeded:
 * the load's right answers were accepted under every flag match mode (a pattern, a folded case),
 * submissions went through the attempt-limited path, and the public board carries every team's
 * hint prices and awards as the database records them.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/schema.js';
import type { SeededGame } from './seed.js';
import { anonymousHeaders } from './traffic.js';

export interface MechanicsCheck {
  /** Accepted submissions of the run (id above `afterId`), by the flag's match mode. */
  acceptedByMode: Record<string, number>;
  /** Submissions of the run stored for challenges with an attempt limit (the limited path). */
  limitedSubmissions: number;
  /** Board rows with hint prices / with awards. */
  rowsWithHintPrices: number;
  rowsWithAwards: number;
  /** Teams whose board prices or awards differ from the database's. */
  mismatchedTeams: number;
}

interface BoardRow {
  id: number;
  awards?: Array<{ value: number }>;
  hintPrices?: Array<{ value: number }>;
}

/** The highest submission id now (the run's submissions come after it). */
export async function lastSubmissionId(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select(sql<number | null>`max(id)`.as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id ?? 0);
}

const sum = (values: Array<{ value: number }> | undefined) =>
  (values ?? []).reduce((total, v) => total + v.value, 0);

export async function checkMechanics(
  url: string,
  db: Kysely<DB>,
  game: SeededGame,
  afterId: number,
): Promise<MechanicsCheck> {
  const modes = await db
    .selectFrom('submissions as s')
    .innerJoin('flags as f', 'f.challenge_id', 's.challenge_id')
    .select(['f.match_mode', sql<number>`count(*)`.as('n')])
    .where('s.game_id', '=', game.id)
    .where('s.id', '>', afterId)
    .where('s.status', '=', 'Accepted')
    .groupBy('f.match_mode')
    .execute();
  const limited = await db
    .selectFrom('submissions as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('s.game_id', '=', game.id)
    .where('s.id', '>', afterId)
    .where('c.max_attempts', '>', 0)
    .executeTakeFirstOrThrow();

  const expectedPrices = new Map<number, number>();
  const unlocks = await db
    .selectFrom('hint_unlocks')
    .select(['participation_id', sql<number>`sum(cost)`.as('cost')])
    .where('game_id', '=', game.id)
    .groupBy('participation_id')
    .execute();
  for (const u of unlocks) expectedPrices.set(u.participation_id, -Number(u.cost));
  const expectedAwards = new Map<number, number>();
  const awards = await db
    .selectFrom('awards')
    .select(['participation_id', sql<number>`sum(value)`.as('value')])
    .where('game_id', '=', game.id)
    .groupBy('participation_id')
    .execute();
  for (const a of awards) expectedAwards.set(a.participation_id, Number(a.value));

  const response = await fetch(`${url}/api/game/${game.id}/scoreboard`, {
    headers: anonymousHeaders,
  });
  const board = (await response.json()) as { items: BoardRow[] };
  const rows = new Map(board.items.map((item) => [item.id, item]));
  let mismatchedTeams = 0;
  for (const team of game.teams) {
    const row = rows.get(team.teamId);
    const prices = expectedPrices.get(team.participationId) ?? 0;
    const given = expectedAwards.get(team.participationId) ?? 0;
    if (!row || sum(row.hintPrices) !== prices || sum(row.awards) !== given) mismatchedTeams++;
  }
  return {
    acceptedByMode: Object.fromEntries(modes.map((m) => [m.match_mode, Number(m.n)])),
    limitedSubmissions: Number(limited.n),
    rowsWithHintPrices: board.items.filter((item) => (item.hintPrices?.length ?? 0) > 0).length,
    rowsWithAwards: board.items.filter((item) => (item.awards?.length ?? 0) > 0).length,
    mismatchedTeams,
  };
}
