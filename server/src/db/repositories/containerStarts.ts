// The queue of team container starts (migration 0015). Every change of a start's holder is one
// conditional statement that answers whether it applied, so two instances never both take, finish
// or fail one start: a start is taken only while queued, and finished, failed or given back only
// by the token that holds it. A slot is taken with the start in the same UPDATE, and the unique
// index on `slot` refuses a second holder of one slot (the caller then tries another). On
// PostgreSQL the next queued start is picked `FOR UPDATE SKIP LOCKED`, so instances taking at the
// same moment get different starts instead of waiting for each other.
import { sql, type Kysely, type Transaction } from 'kysely';
import { locksRows } from '../dialects/index.js';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';
import type { ContainerStartRow, ContainerStartState } from '../tables/containers.js';
import { withTransaction } from '../transaction.js';

type Db = Kysely<DB> | Transaction<DB>;

export type { ContainerStartState } from '../tables/containers.js';

export interface ContainerStart {
  /** The ticket. */
  id: number;
  gameInstanceId: number;
  participationId: number;
  state: ContainerStartState;
  reason: string | null;
  slot: number | null;
  heldBy: string | null;
  leaseUntil: number | null;
  attempts: number;
  cancelled: boolean;
  userName: string;
  teamName: string;
  requestedAt: number;
  takenAt: number | null;
}

export function toContainerStart(row: ContainerStartRow): ContainerStart {
  return {
    id: row.id,
    gameInstanceId: row.game_instance_id,
    participationId: row.participation_id,
    state: row.state,
    reason: row.reason,
    slot: row.slot,
    heldBy: row.held_by,
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
    attempts: row.attempts,
    cancelled: fromFlag(row.cancelled),
    userName: row.user_name,
    teamName: row.team_name,
    requestedAt: Number(row.requested_at),
    takenAt: row.taken_at === null ? null : Number(row.taken_at),
  };
}

/** Who takes or holds a start (a token unique to one take), until when, as of when (epoch ms). */
export interface StartStamp {
  by: string;
  until: number;
  now: number;
}

const changed = (result: { numUpdatedRows: bigint } | { numDeletedRows: bigint }) =>
  Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows) > 0;

export interface NewContainerStart {
  gameInstanceId: number;
  participationId: number;
  userName: string;
  teamName: string;
  now: number;
}

/**
 * Queues a start of the instance's container, replacing a failed one (the failure is shown until
 * the team starts again). A queued or starting one is left alone: the insert then fails on the
 * unique game instance (callers look first, under the team's lease).
 */
export async function enqueueStart(db: Kysely<DB>, start: NewContainerStart) {
  return withTransaction(db, async (trx) => {
    await trx
      .deleteFrom('container_starts')
      .where('game_instance_id', '=', start.gameInstanceId)
      .where('state', '=', 'failed')
      .execute();
    const row = await trx
      .insertInto('container_starts')
      .values({
        game_instance_id: start.gameInstanceId,
        participation_id: start.participationId,
        user_name: start.userName,
        team_name: start.teamName,
        requested_at: start.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toContainerStart(row);
  });
}

export async function findStart(db: Db, id: number): Promise<ContainerStart | null> {
  const row = await db
    .selectFrom('container_starts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toContainerStart(row) : null;
}

export async function findStartOfInstance(
  db: Db,
  gameInstanceId: number,
): Promise<ContainerStart | null> {
  const row = await db
    .selectFrom('container_starts')
    .selectAll()
    .where('game_instance_id', '=', gameInstanceId)
    .executeTakeFirst();
  return row ? toContainerStart(row) : null;
}

/** A queued start's place in line (1: next); 0 for one that is not queued. */
export async function queuePosition(db: Db, start: Pick<ContainerStart, 'id' | 'state'>) {
  if (start.state !== 'queued') return 0;
  const row = await db
    .selectFrom('container_starts')
    .select((eb) => eb.fn.countAll<string | number>().as('ahead'))
    .where('state', '=', 'queued')
    .where('id', '<', start.id)
    .executeTakeFirstOrThrow();
  return Number(row.ahead) + 1;
}

/** The team's starts that will make a container (queued or starting, not cancelled), oldest first. */
export async function listActiveStartsOfParticipation(
  db: Db,
  participationId: number,
): Promise<ContainerStart[]> {
  const rows = await db
    .selectFrom('container_starts')
    .selectAll()
    .where('participation_id', '=', participationId)
    .where('state', 'in', ['queued', 'starting'])
    .where('cancelled', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map(toContainerStart);
}

/**
 * Cancels a start: a queued one is removed at once (`removed`: nothing was ever made); a starting
 * one is marked (`marked`), and its holder removes the container as soon as it is up. `gone`: it
 * is neither any more (it has just ended).
 */
export async function cancelStart(db: Db, id: number): Promise<'removed' | 'marked' | 'gone'> {
  const removed = await db
    .deleteFrom('container_starts')
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  if (changed(removed)) return 'removed';
  const marked = await db
    .updateTable('container_starts')
    .set({ cancelled: 1 })
    .where('id', '=', id)
    .where('state', '=', 'starting')
    .executeTakeFirst();
  return changed(marked) ? 'marked' : 'gone';
}

/** Whether a dispatcher has anything to do: a queued start, or a holder whose lease lapsed. */
export async function startsWaiting(db: Db, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('container_starts')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('state', '=', 'queued'),
        eb.and([eb('state', '=', 'starting'), eb('lease_until', '<', now)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Puts back in line (keeping their tickets, so first) the starts whose holder's lease lapsed: the
 * holder died or lost the database. Its slot is free again. Answers how many.
 */
export async function requeueLapsedStarts(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('container_starts')
    .set({ state: 'queued', slot: null, held_by: null, lease_until: null })
    .where('state', '=', 'starting')
    .where('lease_until', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The slots held now. */
export async function heldSlots(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('container_starts')
    .select('slot')
    .where('slot', 'is not', null)
    .execute();
  return new Set(rows.map((row) => row.slot as number));
}

/** The key of the advisory lock that puts the instances' takes one after another (PostgreSQL). */
const TAKE_LOCK_KEY = 'vexil.container_starts.take';

/**
 * Takes the first queued start into the lowest free slot of `slots`; null when none is queued or
 * no slot is free. The instances' takes go one after another (a transaction-level advisory lock
 * on PostgreSQL; SQLite has one writer), so starts are taken in ticket order: with each instance
 * skipping the rows another had locked, two takes racing for one slot let the later ticket win
 * it while the earlier one went back to wait (seen with two dispatchers on a busy machine). The
 * slot's unique index still guards against any other writer.
 */
export async function takeNextStart(
  db: Kysely<DB>,
  slots: number,
  stamp: StartStamp,
): Promise<ContainerStart | null> {
  return withTransaction(db, async (trx) => {
    if (locksRows(trx)) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${TAKE_LOCK_KEY}, 0))`.execute(trx);
    }
    const held = await heldSlots(trx);
    let slot = 0;
    while (slot < slots && held.has(slot)) slot++;
    if (slot >= slots) return null;
    return takeInto(trx, slot, stamp);
  });
}

/** Takes the first queued start into `slot` (free, as the caller saw under the take lock). */
async function takeInto(
  db: Transaction<DB>,
  slot: number,
  stamp: StartStamp,
): Promise<ContainerStart | null> {
  const next = db
    .selectFrom('container_starts')
    .select('id')
    .where('state', '=', 'queued')
    .orderBy('id')
    .limit(1);
  const row = await db
    .updateTable('container_starts')
    .set((eb) => ({
      state: 'starting',
      slot,
      held_by: stamp.by,
      lease_until: stamp.until,
      taken_at: stamp.now,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', next)
    .where('state', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
  return row ? toContainerStart(row) : null;
}

/** Pushes the leases these tokens still hold; answers how many starts they hold. */
export async function renewStarts(db: Db, tokens: readonly string[], until: number) {
  if (tokens.length === 0) return 0;
  const result = await db
    .updateTable('container_starts')
    .set({ lease_until: until })
    .where('state', '=', 'starting')
    .where('held_by', 'in', tokens)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The start is done (its container recorded): removed, if `by` still holds it and nobody cancelled. */
export async function finishStart(db: Db, id: number, by: string): Promise<boolean> {
  const result = await db
    .deleteFrom('container_starts')
    .where('id', '=', id)
    .where('held_by', '=', by)
    .where('state', '=', 'starting')
    .where('cancelled', '=', 0)
    .executeTakeFirst();
  return changed(result);
}

/** Removes a start `by` holds, whatever else (a cancelled start whose container went again). */
export async function dropStart(db: Db, id: number, by: string): Promise<boolean> {
  const result = await db
    .deleteFrom('container_starts')
    .where('id', '=', id)
    .where('held_by', '=', by)
    .executeTakeFirst();
  return changed(result);
}

/** Records why a start `by` holds failed, freeing its slot. */
export async function failStart(db: Db, id: number, by: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('container_starts')
    .set({ state: 'failed', reason, slot: null, held_by: null, lease_until: null })
    .where('id', '=', id)
    .where('held_by', '=', by)
    .executeTakeFirst();
  return changed(result);
}

/** Gives a start back to the queue (its holder stops), keeping its ticket. */
export async function releaseStart(db: Db, id: number, by: string): Promise<boolean> {
  const result = await db
    .updateTable('container_starts')
    .set({ state: 'queued', slot: null, held_by: null, lease_until: null })
    .where('id', '=', id)
    .where('held_by', '=', by)
    .where('state', '=', 'starting')
    .executeTakeFirst();
  return changed(result);
}

/** What a start needs to know of its target: the challenge, the team, the game, the flag. */
export interface StartTarget {
  challengeId: number;
  teamId: number;
  gameId: number;
  flag: string | null;
}

export async function findStartTarget(db: Db, gameInstanceId: number): Promise<StartTarget | null> {
  const row = await db
    .selectFrom('game_instances')
    .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
    .select([
      'game_instances.challenge_id',
      'game_instances.flag',
      'participations.team_id',
      'participations.game_id',
    ])
    .where('game_instances.id', '=', gameInstanceId)
    .executeTakeFirst();
  return row
    ? { challengeId: row.challenge_id, teamId: row.team_id, gameId: row.game_id, flag: row.flag }
    : null;
}

/** The ids of the starts being started now (their engine containers are no orphans). */
export async function listStartingIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .selectFrom('container_starts')
    .select('id')
    .where('state', '=', 'starting')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** How many starts are queued and starting (every instance reports the same numbers). */
export async function countStarts(db: Db): Promise<{ queued: number; starting: number }> {
  const rows = await db
    .selectFrom('container_starts')
    .select(['state', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('state', 'in', ['queued', 'starting'])
    .groupBy('state')
    .execute();
  const count = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  return { queued: count('queued'), starting: count('starting') };
}

/** The states of these starts now; a start missing from the answer is gone (done or cancelled). */
export async function startStates(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, ContainerStartState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('container_starts')
    .select(['id', 'state'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.state]));
}
