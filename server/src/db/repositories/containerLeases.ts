// The lease on starting a team's containers (migration 0010), one per participation. Each
// statement is one conditional UPDATE and answers whether it changed the row, so two requests
// racing for a free lease never both get it: PostgreSQL makes the second UPDATE wait for the
// first and evaluates its condition again on the row the first wrote; SQLite has one writer.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Who holds the lease (a token unique to one request), until when, as of when (epoch ms). */
export interface LeaseStamp {
  by: string;
  until: number;
  now: number;
}

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/** Takes the team's lease if nobody holds it or its holder's lapsed; answers whether it did. */
export async function takeContainerLease(
  db: Db,
  participationId: number,
  stamp: LeaseStamp,
): Promise<boolean> {
  const result = await db
    .updateTable('participations')
    .set({ container_lease_by: stamp.by, container_lease_until: stamp.until })
    .where('id', '=', participationId)
    .where((eb) =>
      eb.or([eb('container_lease_until', 'is', null), eb('container_lease_until', '<', stamp.now)]),
    )
    .executeTakeFirst();
  return changed(result);
}

/** Pushes the end of a lease its holder still has; false when it lapsed and was taken over. */
export async function renewContainerLease(
  db: Db,
  participationId: number,
  stamp: LeaseStamp,
): Promise<boolean> {
  const result = await db
    .updateTable('participations')
    .set({ container_lease_until: stamp.until })
    .where('id', '=', participationId)
    .where('container_lease_by', '=', stamp.by)
    .executeTakeFirst();
  return changed(result);
}

/** Gives the lease back, only if `by` still holds it. */
export async function releaseContainerLease(
  db: Db,
  participationId: number,
  by: string,
): Promise<void> {
  await db
    .updateTable('participations')
    .set({ container_lease_by: null, container_lease_until: null })
    .where('id', '=', participationId)
    .where('container_lease_by', '=', by)
    .execute();
}
