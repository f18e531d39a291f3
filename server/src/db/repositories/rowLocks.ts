// Row locks taken in a fixed order. On PostgreSQL a transaction that updates several rows of a
// table locks them in whatever order the plan visits them; two transactions that overlap could
// then wait for each other. Locking first, in id order, makes every writer queue the same way.
// SQLite needs none: one connection, one writer at a time.
//
// `FOR NO KEY UPDATE`, not `FOR UPDATE`: the lockers only change counters, never a key, and a
// row inserted elsewhere that refers to a locked row (a submission naming its challenge) takes a
// KEY SHARE lock on it, which FOR UPDATE would block. A multi-row insert of submissions takes its
// KEY SHARE locks in the order of its rows, so with FOR UPDATE it deadlocked with a flag checker
// locking the same challenges in id order (seen under the event bench on PostgreSQL).
import type { Transaction } from 'kysely';
import { locksRows } from '../dialects/index.js';
import type { DB } from '../schema.js';

// participations: a team's submissions to challenges with attempt limits (services/limitedSubmissions.ts).
// games: a change of a game's prerequisite graph (services/unlocks/unlockEdits.ts).
type LockedTable = 'challenges' | 'game_instances' | 'participations' | 'games';

export async function lockInIdOrder(
  trx: Transaction<DB>,
  table: LockedTable,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0 || !locksRows(trx)) return;
  await trx
    .selectFrom(table)
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}
