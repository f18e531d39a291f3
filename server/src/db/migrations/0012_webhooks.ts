// Webhooks (issue 17): organisers' endpoints (global when `game_id` is null, else for one game)
// and the outbox of their deliveries. A delivery row is written where its event happens, in the
// same transaction when there is one; `event_key` names the event (`game:12:start`,
// `solve:345`…) and is unique per endpoint, so an event enqueued twice (two instances, a restart)
// is stored once. The sender claims due rows like the flag checker claims submissions
// (`claimed_by`, `claim_expires_at`), so each delivery is sent by one instance at a time.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const webhooks: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('webhooks')
      .$call(autoIncrementId(dialect))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull()) // Discord | Slack | Json
      .addColumn('game_id', 'integer', (c) => c.references('games.id').onDelete('cascade'))
      .addColumn('events', 'text', (c) => c.notNull().defaultTo('[]')) // JSON WebhookEvent[]
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhooks_game_id').on('webhooks').column('game_id').execute();

    await db.schema
      .createTable('webhook_deliveries')
      .$call(autoIncrementId(dialect))
      .addColumn('webhook_id', 'integer', (c) =>
        c.notNull().references('webhooks.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('event_key', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull()) // JSON: the event's fields
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('Pending')) // Pending | Delivered | Failed
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ms, (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claim_expires_at', ms)
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('last_attempt_at', ms)
      .addUniqueConstraint('webhook_deliveries_event_once', ['webhook_id', 'event_key'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('webhook_deliveries').execute();
    await db.schema.dropTable('webhooks').execute();
  },
};
