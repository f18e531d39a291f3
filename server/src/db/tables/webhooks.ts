// Tables of webhooks (migration 0012): the organisers' endpoints and the outbox of deliveries.
// JSON columns are text here; the repositories parse and serialise them.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs, Flag } from './columns.js';

export interface WebhooksTable {
  id: Generated<number>;
  name: string;
  url: string;
  /** Discord | Slack | Json */
  format: string;
  /** Null: every game. */
  game_id: number | null;
  /** JSON WebhookEvent[]. */
  events: Generated<string>;
  enabled: Generated<Flag>;
  secret: string;
  created_at: EpochMs;
  /** Whether the scoreboard freeze holds its solve deliveries (migration 0014). */
  hold_during_freeze: Generated<Flag>;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** Unique per endpoint: the same event is stored once (`game:12:start`, `solve:345`…). */
  event_key: string;
  /** JSON object: the event's fields. */
  payload: string;
  /** Pending | Delivered | Failed */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: EpochMs;
  claimed_by: string | null;
  claim_expires_at: EpochMs | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: EpochMs;
  last_attempt_at: EpochMs | null;
  /** The game whose scoreboard freeze holds it back (migration 0013); null: never held. */
  held_game_id: number | null;
  /** The time of the solve it tells of: held while the game's freeze is at or before it. */
  solve_time: EpochMs | null;
}

export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
