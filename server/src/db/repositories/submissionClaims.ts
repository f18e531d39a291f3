// Claims on unchecked submissions (migration 0009): which instance checks each one, until when.
// Every statement here is one conditional UPDATE … RETURNING, so two instances racing for the same
// submission never both get it. On PostgreSQL the rows are picked in a sub-select `FOR UPDATE
// SKIP LOCKED`: a row another instance is claiming or checking right now is skipped, not waited
// for. SQLite has one writer at a time and needs no lock.
import type { Kysely, Transaction } from 'kysely';
import { locksRows } from '../dialects/index.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Who claims, until when, as of when (epoch ms; `now` decides which claims have lapsed). */
export interface ClaimStamp {
  by: string;
  until: number;
  now: number;
}

/** At most this many ids in one statement's `in (…)` list. */
const CHUNK = 500;

/**
 * Claims up to `limit` unchecked submissions that nobody holds: unclaimed, or whose claim lapsed
 * (its instance died or lost the database). With `ignoreClaims` (a single-instance database at
 * start) every unchecked submission counts as free. Answers the claimed ids, oldest first.
 */
export async function claimFreeSubmissions(
  db: Db,
  stamp: ClaimStamp,
  limit: number,
  ignoreClaims = false,
): Promise<number[]> {
  let free = db
    .selectFrom('submissions')
    .select('id')
    .where('status', '=', 'FlagSubmitted')
    .orderBy('id')
    .limit(limit);
  if (!ignoreClaims) {
    free = free.where((eb) =>
      eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<', stamp.now)]),
    );
  }
  if (locksRows(db)) free = free.forUpdate().skipLocked();
  const rows = await db
    .updateTable('submissions')
    .set({ claimed_by: stamp.by, claim_expires_at: stamp.until })
    .where('id', 'in', free)
    .where('status', '=', 'FlagSubmitted')
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Extends this instance's claims on these ids, and takes back those nobody else holds (a claim
 * that lapsed while the database was unreachable). Ids checked meanwhile, claimed by another
 * instance, or locked right now (being checked) are left alone. Answers the ids it claimed.
 */
export async function renewSubmissionClaims(
  db: Db,
  ids: readonly number[],
  stamp: ClaimStamp,
): Promise<number[]> {
  const renewed: number[] = [];
  for (let at = 0; at < ids.length; at += CHUNK) {
    const chunk = ids.slice(at, at + CHUNK);
    let held = db
      .selectFrom('submissions')
      .select('id')
      .where('id', 'in', chunk)
      .where('status', '=', 'FlagSubmitted')
      .where((eb) =>
        eb.or([
          eb('claimed_by', '=', stamp.by),
          eb('claim_expires_at', 'is', null),
          eb('claim_expires_at', '<', stamp.now),
        ]),
      );
    if (locksRows(db)) held = held.forUpdate().skipLocked();
    const rows = await db
      .updateTable('submissions')
      .set({ claimed_by: stamp.by, claim_expires_at: stamp.until })
      .where('id', 'in', held)
      .returning('id')
      .execute();
    for (const row of rows) renewed.push(row.id);
  }
  return renewed;
}

/** Gives up this instance's claims on these ids (it stops): another may take them at once. */
export async function releaseSubmissionClaims(
  db: Db,
  ids: readonly number[],
  by: string,
): Promise<void> {
  for (let at = 0; at < ids.length; at += CHUNK) {
    await db
      .updateTable('submissions')
      .set({ claimed_by: null, claim_expires_at: null })
      .where('id', 'in', ids.slice(at, at + CHUNK))
      .where('claimed_by', '=', by)
      .where('status', '=', 'FlagSubmitted')
      .execute();
  }
}
