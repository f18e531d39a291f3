// Webhook endpoints (migration 0012): global when `gameId` is null, else one game's. `events`
// is JSON text. The table stays small (a handful of endpoints), so which endpoints want an event
// is decided here in JS after one indexed read.
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#wire/schema.gen.js';
import { fromFlag, toFlag } from '../tables/columns.js';
import type { WebhookRow } from '../tables/webhooks.js';
import type { DB } from '../schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export type WebhookEvent = components['schemas']['WebhookEvent'];
export type WebhookFormat = components['schemas']['WebhookFormat'];

export interface Webhook {
  id: number;
  name: string;
  url: string;
  format: WebhookFormat;
  gameId: number | null;
  events: WebhookEvent[];
  enabled: boolean;
  /** Whether the scoreboard freeze holds its solves, bloods and blood notices until the end. */
  holdDuringFreeze: boolean;
  secret: string;
  createdAt: number;
}

export interface WebhookSettings {
  name: string;
  url: string;
  format: WebhookFormat;
  gameId: number | null;
  events: WebhookEvent[];
  enabled: boolean;
  holdDuringFreeze: boolean;
}

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    format: row.format as WebhookFormat,
    gameId: row.game_id,
    events: JSON.parse(row.events) as WebhookEvent[],
    enabled: fromFlag(row.enabled),
    holdDuringFreeze: fromFlag(row.hold_during_freeze),
    secret: row.secret,
    createdAt: Number(row.created_at),
  };
}

function columns(settings: Partial<WebhookSettings>) {
  const set: Record<string, unknown> = {
    name: settings.name,
    url: settings.url,
    format: settings.format,
    game_id: settings.gameId,
    events: settings.events && JSON.stringify([...new Set(settings.events)]),
    enabled: settings.enabled === undefined ? undefined : toFlag(settings.enabled),
    hold_during_freeze:
      settings.holdDuringFreeze === undefined ? undefined : toFlag(settings.holdDuringFreeze),
  };
  return Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined));
}

export async function createWebhook(
  db: Db,
  settings: WebhookSettings,
  secret: string,
  now: number = Date.now(),
): Promise<Webhook> {
  const row = await db
    .insertInto('webhooks')
    .values({
      ...(columns(settings) as Pick<WebhookRow, 'name' | 'url' | 'format' | 'game_id'>),
      secret,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toWebhook(row);
}

export async function findWebhook(db: Db, id: number): Promise<Webhook | null> {
  const row = await db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toWebhook(row) : null;
}

/** Every endpoint, newest first; with `gameId`, only that game's. */
export async function listWebhooks(db: Db, gameId?: number): Promise<Webhook[]> {
  let query = db.selectFrom('webhooks').selectAll().orderBy('id', 'desc');
  if (gameId !== undefined) query = query.where('game_id', '=', gameId);
  return (await query.execute()).map(toWebhook);
}

export async function updateWebhook(
  db: Db,
  id: number,
  changes: Partial<WebhookSettings>,
): Promise<Webhook | null> {
  const set = columns(changes);
  if (Object.keys(set).length === 0) return findWebhook(db, id);
  const row = await db
    .updateTable('webhooks')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toWebhook(row) : null;
}

export async function setWebhookSecret(
  db: Db,
  id: number,
  secret: string,
): Promise<Webhook | null> {
  const row = await db
    .updateTable('webhooks')
    .set({ secret })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toWebhook(row) : null;
}

/** Deletes the endpoint and, by cascade, its deliveries; answers whether it existed. */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface EventScope {
  gameId: number;
  /** A hidden game's events go to its own endpoints only, never to the global ones. */
  hidden: boolean;
}

/** The enabled endpoints that receive the game's events (each says which in `events`). */
export async function listEnabledWebhooksOf(db: Db, scope: EventScope): Promise<Webhook[]> {
  const query = db
    .selectFrom('webhooks')
    .selectAll()
    .where('enabled', '=', 1)
    .where((eb) =>
      scope.hidden
        ? eb('game_id', '=', scope.gameId)
        : eb.or([eb('game_id', '=', scope.gameId), eb('game_id', 'is', null)]),
    );
  return (await query.execute()).map(toWebhook);
}

export interface GameMilestones {
  id: number;
  title: string;
  hidden: boolean;
  start: number;
  end: number;
}

/** Games that started or ended in (from, to]: the webhook schedule's game start and end events. */
export async function listGamesStartingOrEndingIn(
  db: Db,
  from: number,
  to: number,
): Promise<GameMilestones[]> {
  const rows = await db
    .selectFrom('games')
    .select(['id', 'title', 'hidden', 'start_time', 'end_time'])
    .where((eb) =>
      eb.or([
        eb.and([eb('start_time', '>', from), eb('start_time', '<=', to)]),
        eb.and([eb('end_time', '>', from), eb('end_time', '<=', to)]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    hidden: fromFlag(row.hidden),
    start: Number(row.start_time),
    end: Number(row.end_time),
  }));
}
