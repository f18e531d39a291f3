// Challenge containers as the platform knows them: a team's (bound to its game instance) or an
// organiser's test container (no instance), and the 10-second guard kept on the game instance.
import type { Kysely, Transaction } from 'kysely';
import type { ContainerRow } from '../tables/containers.js';
import type { DB } from '../schema.js';
import { fromFlag, toFlag } from '../tables/columns.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface Container {
  id: string;
  engineId: string;
  image: string;
  challengeId: number;
  /** Null for an organiser's test container. */
  gameInstanceId: number | null;
  ip: string;
  port: number;
  publicIp: string | null;
  publicPort: number | null;
  isProxy: boolean;
  capture: boolean;
  startedAt: number;
  expectStopAt: number;
}

export function toContainer(row: ContainerRow): Container {
  return {
    id: row.id,
    engineId: row.engine_id,
    image: row.image,
    challengeId: row.challenge_id,
    gameInstanceId: row.game_instance_id,
    ip: row.ip,
    port: row.port,
    publicIp: row.public_ip,
    publicPort: row.public_port,
    isProxy: fromFlag(row.is_proxy),
    capture: fromFlag(row.capture),
    startedAt: Number(row.started_at),
    expectStopAt: Number(row.expect_stop_at),
  };
}

export async function insertContainer(db: Db, c: Container): Promise<void> {
  await db
    .insertInto('containers')
    .values({
      id: c.id,
      engine_id: c.engineId,
      image: c.image,
      challenge_id: c.challengeId,
      game_instance_id: c.gameInstanceId,
      ip: c.ip,
      port: c.port,
      public_ip: c.publicIp,
      public_port: c.publicPort,
      is_proxy: toFlag(c.isProxy),
      capture: toFlag(c.capture),
      started_at: c.startedAt,
      expect_stop_at: c.expectStopAt,
    })
    .execute();
}

export async function findContainer(db: Db, id: string): Promise<Container | null> {
  const row = await db.selectFrom('containers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toContainer(row) : null;
}

export async function findContainerOfInstance(
  db: Db,
  gameInstanceId: number,
): Promise<Container | null> {
  const row = await db
    .selectFrom('containers')
    .selectAll()
    .where('game_instance_id', '=', gameInstanceId)
    .executeTakeFirst();
  return row ? toContainer(row) : null;
}

/** The organiser's test container of a challenge, if any. */
export async function findTestContainer(db: Db, challengeId: number): Promise<Container | null> {
  const row = await db
    .selectFrom('containers')
    .selectAll()
    .where('challenge_id', '=', challengeId)
    .where('game_instance_id', 'is', null)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return row ? toContainer(row) : null;
}

/** The team's containers in one game (through its participation), oldest first. */
export async function listContainersOfParticipation(
  db: Db,
  participationId: number,
): Promise<Container[]> {
  const rows = await db
    .selectFrom('containers')
    .innerJoin('game_instances', 'game_instances.id', 'containers.game_instance_id')
    .selectAll('containers')
    .where('game_instances.participation_id', '=', participationId)
    .orderBy('containers.started_at')
    .orderBy('containers.id')
    .execute();
  return rows.map(toContainer);
}

/** Removes the row; true when it was there. */
export async function deleteContainerRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('containers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Adds `byMs` to the planned stop, only while it is no later than `latestStop` (the renewal window
 * is open), atomically: two extensions racing for one window make one. Null when refused or gone.
 */
export async function extendContainer(
  db: Db,
  id: string,
  byMs: number,
  latestStop: number,
): Promise<Container | null> {
  const result = await db
    .updateTable('containers')
    .set((eb) => ({ expect_stop_at: eb('expect_stop_at', '+', byMs) }))
    .where('id', '=', id)
    .where('expect_stop_at', '<=', latestStop)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? findContainer(db, id) : null;
}

/** Containers whose planned stop has passed. */
export async function listExpiredContainers(db: Db, now: number): Promise<Container[]> {
  const rows = await db
    .selectFrom('containers')
    .selectAll()
    .where('expect_stop_at', '<', now)
    .orderBy('expect_stop_at')
    .execute();
  return rows.map(toContainer);
}

/** The platform ids of every container row (to find engine containers without one). */
export async function listContainerIds(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('containers').select('id').execute();
  return new Set(rows.map((row) => row.id));
}

/** Engine ids of the containers that a deletion of the scope will cascade away. */
export async function engineIdsWithin(
  db: Db,
  scope: { challengeId: number } | { gameId: number } | { teamId: number },
): Promise<string[]> {
  let query = db.selectFrom('containers').select('containers.engine_id');
  if ('challengeId' in scope) {
    query = query.where('containers.challenge_id', '=', scope.challengeId);
  } else if ('gameId' in scope) {
    query = query
      .innerJoin('challenges', 'challenges.id', 'containers.challenge_id')
      .where('challenges.game_id', '=', scope.gameId);
  } else {
    query = query
      .innerJoin('game_instances', 'game_instances.id', 'containers.game_instance_id')
      .innerJoin('participations', 'participations.id', 'game_instances.participation_id')
      .where('participations.team_id', '=', scope.teamId);
  }
  return (await query.execute()).map((row) => row.engine_id);
}

/**
 * Starts the instance's container-operation guard: sets `last_container_operation` to `now` only
 * when the previous operation is at least `gapMs` old. False when another operation got there
 * first — this compare-and-set is what lets one of two concurrent creates through.
 */
export async function claimContainerOperation(
  db: Db,
  gameInstanceId: number,
  now: number,
  gapMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('game_instances')
    .set({ last_container_operation: now })
    .where('id', '=', gameInstanceId)
    .where((eb) =>
      eb.or([
        eb('last_container_operation', 'is', null),
        eb('last_container_operation', '<=', now - gapMs),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Undoes a claim whose operation did nothing, unless a later one replaced it. */
export async function releaseContainerOperation(
  db: Db,
  gameInstanceId: number,
  claimedAt: number,
  previous: number | null,
): Promise<void> {
  await db
    .updateTable('game_instances')
    .set({ last_container_operation: previous })
    .where('id', '=', gameInstanceId)
    .where('last_container_operation', '=', claimedAt)
    .execute();
}
