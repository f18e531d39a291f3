// The webhook outbox (migration 0012): one row per event and endpoint, written where the event
// happens, sent by whichever instance claims it. Like the submission claims
// (./submissionClaims.ts), a claim is one conditional UPDATE … RETURNING over rows picked
// `FOR UPDATE SKIP LOCKED` on PostgreSQL, so two instances never send the same delivery at once,
// and a claim lapses by itself when its instance dies mid-send. A delivery that tells of a solve
// is not claimed while its game's scoreboard freeze hides that solve (migration 0013).
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import { locksRows } from '../dialects/index.js';
import type { WebhookDeliveryRow } from '../tables/webhooks.js';
import type { DB } from '../schema.js';
import type { ClaimStamp } from './submissionClaims.js';

type Db = Kysely<DB> | Transaction<DB>;

export type WebhookDeliveryEvent = components['schemas']['WebhookDeliveryEvent'];
export type WebhookDeliveryStatus = components['schemas']['WebhookDeliveryStatus'];

export interface WebhookDelivery {
  id: number;
  webhookId: number;
  event: WebhookDeliveryEvent;
  eventKey: string;
  payload: Record<string, unknown>;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: number;
  /** The game end a pending delivery waits for, while the game's scoreboard freeze hides the
   *  solve it tells of; null when not held (filled in by the log's reads only). */
  heldUntil: number | null;
}

export interface NewWebhookDelivery {
  webhookId: number;
  event: WebhookDeliveryEvent;
  /** Unique per endpoint: a second delivery of the same key is not stored. */
  eventKey: string;
  payload: Record<string, unknown>;
  /** A delivery that tells of a solve: held while this game's board is frozen at `solveTime`. */
  freezeHold?: { gameId: number; solveTime: number };
}

export function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    event: row.event as WebhookDeliveryEvent,
    eventKey: row.event_key,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: Number(row.next_attempt_at),
    lastAttemptAt: row.last_attempt_at === null ? null : Number(row.last_attempt_at),
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    heldUntil: null,
  };
}

/** Stores the deliveries, skipping those whose (endpoint, event key) is already there; answers
 *  the stored ones. */
export async function enqueueDeliveries(
  db: Db,
  deliveries: NewWebhookDelivery[],
  now: number = Date.now(),
): Promise<WebhookDelivery[]> {
  if (deliveries.length === 0) return [];
  const rows = await db
    .insertInto('webhook_deliveries')
    .values(
      deliveries.map((d) => ({
        webhook_id: d.webhookId,
        event: d.event,
        event_key: d.eventKey,
        payload: JSON.stringify(d.payload),
        next_attempt_at: now,
        created_at: now,
        held_game_id: d.freezeHold?.gameId ?? null,
        solve_time: d.freezeHold?.solveTime ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['webhook_id', 'event_key']).doNothing())
    .returningAll()
    .execute();
  return rows.map(toDelivery);
}

/** Whether a game's board hides a solve of `solveTime` at `now`: the game has a freeze at or
 *  before the solve and has not ended (the rule of domain/scoring/freeze.ts). */
function hidesSolve(
  game: { end: number; freezeTime: number | null },
  solveTime: number,
  now: number,
) {
  return game.freezeTime !== null && game.freezeTime <= solveTime && now < game.end;
}

/**
 * Claims up to `limit` pending deliveries that are due and nobody holds, of enabled endpoints
 * (a test is sent to a disabled one too), but those a scoreboard freeze holds back (the freeze
 * and end read from their game now, so moving either moves the hold) for an endpoint that holds
 * during the freeze (the default); answers them, oldest first.
 */
export async function claimDueDeliveries(
  db: Db,
  stamp: ClaimStamp,
  limit: number,
): Promise<WebhookDelivery[]> {
  const enabled = db.selectFrom('webhooks').select('id').where('enabled', '=', 1);
  const sendingThroughFreeze = db
    .selectFrom('webhooks')
    .select('id')
    .where('hold_during_freeze', '=', 0);
  let due = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'Pending')
    .where('next_attempt_at', '<=', stamp.now)
    .where((eb) =>
      eb.or([eb('claim_expires_at', 'is', null), eb('claim_expires_at', '<', stamp.now)]),
    )
    .where((eb) => eb.or([eb('webhook_id', 'in', enabled), eb('event', '=', 'Test')]))
    .where((eb) =>
      eb.or([
        eb('held_game_id', 'is', null),
        eb('webhook_id', 'in', sendingThroughFreeze),
        eb.not(
          eb.exists(
            eb
              .selectFrom('games')
              .select('games.id')
              .whereRef('games.id', '=', 'webhook_deliveries.held_game_id')
              .where('games.freeze_time', 'is not', null)
              .whereRef('games.freeze_time', '<=', 'webhook_deliveries.solve_time')
              .where('games.end_time', '>', stamp.now),
          ),
        ),
      ]),
    )
    .orderBy('id')
    .limit(limit);
  if (locksRows(db)) due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('webhook_deliveries')
    .set({ claimed_by: stamp.by, claim_expires_at: stamp.until })
    .where('id', 'in', due)
    .where('status', '=', 'Pending')
    .returningAll()
    .execute();
  return rows.map(toDelivery).sort((a, b) => a.id - b.id);
}

export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  statusCode: number | null;
  error: string | null;
  /** The next attempt (Pending only). */
  nextAttemptAt: number;
  now: number;
}

/** Records an attempt made under this instance's claim, and frees the row; answers whether the
 *  claim was still this instance's. */
export async function recordAttempt(
  db: Db,
  id: number,
  by: string,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: outcome.status,
      attempts: eb('attempts', '+', 1),
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      last_attempt_at: outcome.now,
      next_attempt_at: outcome.nextAttemptAt,
      claimed_by: null,
      claim_expires_at: null,
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', by)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives back claims without counting an attempt (the instance stops mid-send). */
export async function releaseDeliveryClaims(
  db: Db,
  ids: readonly number[],
  by: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ claimed_by: null, claim_expires_at: null })
    .where('id', 'in', ids)
    .where('claimed_by', '=', by)
    .execute();
}

/** A page of the endpoint's deliveries, newest first, with the number of them all. */
export async function listDeliveries(
  db: Db,
  webhookId: number,
  { skip, count }: { skip: number; count: number },
): Promise<{ data: WebhookDelivery[]; total: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(count)
    .offset(skip)
    .execute();
  const { total } = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  return { data: await withHolds(db, rows), total: Number(total) };
}

/** The rows as deliveries, each pending one a freeze holds back with the end it waits for. */
async function withHolds(
  db: Db,
  rows: readonly WebhookDeliveryRow[],
  now: number = Date.now(),
): Promise<WebhookDelivery[]> {
  const holding = rows.filter((row) => row.held_game_id !== null && row.status === 'Pending');
  const gameIds = [...new Set(holding.map((row) => row.held_game_id!))];
  const hookIds = [...new Set(holding.map((row) => row.webhook_id))];
  const sendingThroughFreeze = new Set(
    hookIds.length === 0
      ? []
      : (
          await db
            .selectFrom('webhooks')
            .select('id')
            .where('id', 'in', hookIds)
            .where('hold_during_freeze', '=', 0)
            .execute()
        ).map((hook) => hook.id),
  );
  const games =
    gameIds.length === 0
      ? []
      : await db
          .selectFrom('games')
          .select(['id', 'end_time', 'freeze_time'])
          .where('id', 'in', gameIds)
          .execute();
  const gameOf = new Map(
    games.map((g) => [
      g.id,
      {
        end: Number(g.end_time),
        freezeTime: g.freeze_time === null ? null : Number(g.freeze_time),
      },
    ]),
  );
  return rows.map((row) => {
    const delivery = toDelivery(row);
    const game = row.held_game_id === null ? undefined : gameOf.get(row.held_game_id);
    const held =
      game !== undefined &&
      delivery.status === 'Pending' &&
      row.solve_time !== null &&
      !sendingThroughFreeze.has(row.webhook_id) &&
      hidesSolve(game, Number(row.solve_time), now);
    if (held) delivery.heldUntil = game.end;
    return delivery;
  });
}

/** The newest delivery of each of these endpoints. */
export async function latestDeliveries(
  db: Db,
  webhookIds: readonly number[],
): Promise<Map<number, WebhookDelivery>> {
  if (webhookIds.length === 0) return new Map();
  const newest = db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('webhook_id', 'in', webhookIds)
    .groupBy('webhook_id');
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', 'in', newest)
    .execute();
  return new Map((await withHolds(db, rows)).map((d) => [d.webhookId, d]));
}

/**
 * Queues a delivery that is not pending again, its attempts counted from zero; answers it as
 * stored (unchanged when pending), or null when the endpoint has no such delivery.
 */
export async function requeueDelivery(
  db: Db,
  webhookId: number,
  id: number,
  now: number = Date.now(),
): Promise<WebhookDelivery | null> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'Pending',
      attempts: 0,
      next_attempt_at: now,
      claimed_by: null,
      claim_expires_at: null,
    })
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .where('status', '!=', 'Pending')
    .execute();
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('webhook_id', '=', webhookId)
    .executeTakeFirst();
  return row ? (await withHolds(db, [row]))[0] : null;
}

/**
 * Removes the deliveries settled (delivered or failed) before `before`; answers how many. Settled
 * rows keep `next_attempt_at` at the time of their last attempt, so the (status, next_attempt_at)
 * index finds them.
 */
export async function pruneSettledDeliveries(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['Delivered', 'Failed'])
    .where('next_attempt_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
