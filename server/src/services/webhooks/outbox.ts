/**
 * Putting events in the webhook outbox: one delivery row per endpoint that wants the event,
 * written with the caller's database handle, so inside the transaction where the event happens
 * the delivery commits (or rolls back) with it. Each event has a key unique per endpoint
 * (`solve:<submission>`, `game:<id>:start`…): enqueuing it again (another instance, a restart, a
 * retried batch) stores nothing. Nothing is sent here; the sender (./sender.ts) does that.
 *
 * An event that tells of a solve carries the solve's time (`solveTime`): its deliveries wait
 * while the game's scoreboard freeze hides that solve, and go out when the game ends (the sender
 * reads the freeze and end from the game when it claims, db/repositories/webhookDeliveries.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  enqueueDeliveries,
  type NewWebhookDelivery,
  type WebhookDelivery,
} from '../../db/repositories/webhookDeliveries.js';
import {
  listEnabledWebhooksOf,
  type Webhook,
  type WebhookEvent,
} from '../../db/repositories/webhooks.js';
import type { DB } from '../../db/schema.js';
import type { EventPayload } from './events.js';

type Db = Kysely<DB> | Transaction<DB>;

export interface OutboxEvent {
  event: WebhookEvent;
  /** Names the event: the same key is delivered once per endpoint. */
  key: string;
  game: { id: number; title: string; hidden: boolean };
  /** The event's fields but the game. */
  fields: Omit<EventPayload, 'game'>;
  /** Only endpoints added by then receive it (a game start from before an endpoint existed is
   *  not news to it). */
  since?: number;
  /** The time of the solve it tells of (a solve, a blood, a blood notice): held while the
   *  game's board is frozen at that time. */
  solveTime?: number;
  /** Not for endpoints that take this event: a blood notice goes as a `Notice` only to an
   *  endpoint that does not take the blood's own event, so each blood reaches it once. */
  unlessTaken?: WebhookEvent;
}

/** Queues the events for the endpoints that want them; answers how many deliveries were stored. */
export async function enqueueEvents(
  db: Db,
  events: readonly OutboxEvent[],
  now: number = Date.now(),
): Promise<number> {
  if (events.length === 0) return 0;
  const hooksOf = new Map<number, Webhook[]>();
  const rows: NewWebhookDelivery[] = [];
  for (const item of events) {
    const { id, title, hidden } = item.game;
    let hooks = hooksOf.get(id);
    if (!hooks) {
      hooks = await listEnabledWebhooksOf(db, { gameId: id, hidden });
      hooksOf.set(id, hooks);
    }
    for (const hook of hooks) {
      if (!hook.events.includes(item.event)) continue;
      if (item.since !== undefined && hook.createdAt > item.since) continue;
      if (item.unlessTaken && hook.events.includes(item.unlessTaken)) continue;
      const payload: EventPayload = { ...item.fields, game: { id, title } };
      const freezeHold =
        item.solveTime === undefined ? undefined : { gameId: id, solveTime: item.solveTime };
      rows.push({ webhookId: hook.id, event: item.event, eventKey: item.key, payload, freezeHold });
    }
  }
  return (await enqueueDeliveries(db, rows, now)).length;
}

/** Queues a test delivery to the endpoint, whatever its events and state. */
export async function enqueueTest(
  db: Db,
  hook: Pick<Webhook, 'id'>,
  game: { id: number; title: string } | null,
  now: number = Date.now(),
): Promise<WebhookDelivery> {
  const payload: EventPayload = { time: now, game };
  const [stored] = await enqueueDeliveries(
    db,
    [{ webhookId: hook.id, event: 'Test', eventKey: `test:${randomUUID()}`, payload }],
    now,
  );
  return stored;
}
