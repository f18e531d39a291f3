// Per-team challenge instances: one per (participation, challenge), holding the team's own flag
// (a generated one in `flag`, or a reserved dynamic-attachment entry in `flag_id`) and whether the
// team has solved the challenge.
import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { withTransaction } from '../transaction.js';
import type { DB } from '../schema.js';
import { fromFlag } from '../tables/columns.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface GameInstance {
  id: number;
  participationId: number;
  challengeId: number;
  flagId: number | null;
  /** The team's own flag: the generated one or the reserved dynamic-attachment entry's. */
  flag: string | null;
  /** Attachment of the reserved dynamic-attachment entry. */
  flagAttachmentId: number | null;
  isLoaded: boolean;
  isSolved: boolean;
  lastContainerOperation: number | null;
}

function instanceQuery(db: Db) {
  return db
    .selectFrom('game_instances')
    .leftJoin('flags', 'flags.id', 'game_instances.flag_id')
    .selectAll('game_instances')
    .select(['flags.flag as pool_flag', 'flags.attachment_id as pool_attachment_id']);
}

type InstanceQueryRow = Awaited<ReturnType<ReturnType<typeof instanceQuery>['executeTakeFirst']>>;

function toInstance(row: NonNullable<InstanceQueryRow>): GameInstance {
  return {
    id: row.id,
    participationId: row.participation_id,
    challengeId: row.challenge_id,
    flagId: row.flag_id,
    flag: row.flag ?? row.pool_flag ?? null,
    flagAttachmentId: row.pool_attachment_id ?? null,
    isLoaded: fromFlag(row.is_loaded),
    isSolved: fromFlag(row.is_solved),
    lastContainerOperation:
      row.last_container_operation === null ? null : Number(row.last_container_operation),
  };
}

/** Gives the participation an instance of every enabled challenge of the game it lacks; answers
 *  how many were created. */
export async function createInstancesForParticipation(
  db: Db,
  participationId: number,
  gameId: number,
): Promise<number> {
  const result = await db
    .insertInto('game_instances')
    .columns(['participation_id', 'challenge_id'])
    .expression((eb) =>
      eb
        .selectFrom('challenges')
        .select([sql.lit(participationId).as('participation_id'), 'challenges.id'])
        .where('challenges.game_id', '=', gameId)
        .where('challenges.is_enabled', '=', 1)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('game_instances as existing')
                .select('existing.id')
                .where('existing.participation_id', '=', participationId)
                .whereRef('existing.challenge_id', '=', 'challenges.id'),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['participation_id', 'challenge_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export async function findInstance(
  db: Db,
  participationId: number,
  challengeId: number,
): Promise<GameInstance | null> {
  const row = await instanceQuery(db)
    .where('game_instances.participation_id', '=', participationId)
    .where('game_instances.challenge_id', '=', challengeId)
    .executeTakeFirst();
  return row ? toInstance(row) : null;
}

/** Fixes a generated flag on a not yet loaded instance; false when it was loaded meanwhile. */
export async function loadInstanceWithFlag(
  db: Db,
  instanceId: number,
  flag: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('game_instances')
    .set({ flag, is_loaded: 1 })
    .where('id', '=', instanceId)
    .where('is_loaded', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Reserves a uniformly random unoccupied entry of the challenge's flag pool for the instance and
 * marks the instance loaded, atomically. Answers false when the pool is exhausted; an instance
 * loaded meanwhile keeps its entry (the new reservation is undone).
 */
export async function reserveDynamicFlag(
  db: Kysely<DB>,
  instanceId: number,
  challengeId: number,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    for (;;) {
      const free = await trx
        .selectFrom('flags')
        .select('id')
        .where('challenge_id', '=', challengeId)
        .where('occupied', '=', 0)
        .orderBy('id')
        .execute();
      if (free.length === 0) return false;
      const pick = free[randomInt(free.length)].id;
      const taken = await trx
        .updateTable('flags')
        .set({ occupied: 1 })
        .where('id', '=', pick)
        .where('occupied', '=', 0)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) continue;
      const loaded = await trx
        .updateTable('game_instances')
        .set({ flag_id: pick, is_loaded: 1 })
        .where('id', '=', instanceId)
        .where('is_loaded', '=', 0)
        .executeTakeFirst();
      if (Number(loaded.numUpdatedRows) === 0) {
        await trx.updateTable('flags').set({ occupied: 0 }).where('id', '=', pick).execute();
      }
      return true;
    }
  });
}

/**
 * Frees the dynamic-attachment entries reserved by the instances of these participations, so the
 * pool serves new teams. Call it in the transaction that deletes the participations: their
 * instances go by cascade, which cannot reset the entries' `occupied`.
 */
export async function releaseReservedFlags(db: Db, participationIds: number[]): Promise<void> {
  if (participationIds.length === 0) return;
  const reserved = db
    .selectFrom('game_instances')
    .select('flag_id')
    .where('participation_id', 'in', participationIds)
    .where('flag_id', 'is not', null)
    .$narrowType<{ flag_id: number }>();
  await db.updateTable('flags').set({ occupied: 0 }).where('id', 'in', reserved).execute();
}

/** The instances of these (participation, challenge) pairs that exist. */
export async function findInstancesOf(
  db: Db,
  pairs: readonly { participationId: number; challengeId: number }[],
): Promise<GameInstance[]> {
  if (pairs.length === 0) return [];
  const rows = await instanceQuery(db)
    .where((eb) =>
      eb(
        eb.refTuple('game_instances.participation_id', 'game_instances.challenge_id'),
        'in',
        pairs.map((p) => eb.tuple(p.participationId, p.challengeId)),
      ),
    )
    .execute();
  return rows.map(toInstance);
}

/** Marks the instances solved; answers the ids this call flipped (the others were solved). */
export async function markInstancesSolved(
  db: Db,
  instanceIds: readonly number[],
): Promise<number[]> {
  if (instanceIds.length === 0) return [];
  const rows = await db
    .updateTable('game_instances')
    .set({ is_solved: 1 })
    .where('id', 'in', instanceIds)
    .where('is_solved', '=', 0)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Records each instance's solve order (the challenge's solve count right after the team's solve). */
export async function setSolveOrders(db: Db, orders: ReadonlyMap<number, number>): Promise<void> {
  if (orders.size === 0) return;
  const cases = sql.join(
    [...orders].map(([id, order]) => sql`when ${id} then cast(${order} as integer)`),
    sql` `,
  );
  await db
    .updateTable('game_instances')
    .set({ solve_order: sql`case id ${cases} end` })
    .where('id', 'in', [...orders.keys()])
    .execute();
}

/** Another participation's instance of the challenge whose own flag equals `answer`. */
export async function findInstanceOwningFlag(
  db: Db,
  challengeId: number,
  answer: string,
  exceptParticipationId: number,
): Promise<GameInstance | null> {
  const row = await instanceQuery(db)
    .where('game_instances.challenge_id', '=', challengeId)
    .where('game_instances.participation_id', '!=', exceptParticipationId)
    .where((eb) => eb.or([eb('game_instances.flag', '=', answer), eb('flags.flag', '=', answer)]))
    .orderBy('game_instances.id')
    .executeTakeFirst();
  return row ? toInstance(row) : null;
}
