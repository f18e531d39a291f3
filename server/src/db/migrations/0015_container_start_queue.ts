// The queue of container starts (issue 24): a team's Start is a row here, taken in ticket order
// (`id`) by whichever instance has a free start slot, so that however many teams press Start at
// once the engine gets at most `VEXIL_CONTAINER_STARTS` creates at a time, across every instance.
//
// - one row per game instance (unique): a new start of a failed one replaces it;
// - `state`: `queued`, `starting` (held by `held_by` until `lease_until`, renewed while the create
//   runs; lapsed, it goes back to the queue for another instance), or `failed` with `reason`;
// - `slot`: 0..N-1 while starting, unique, so two instances can never hold the same slot and the
//   bound is exact; cleared whenever the row leaves `starting`;
// - `attempts`: how often it was taken (above 1: an earlier holder may have left an engine
//   container behind, removed before trying again); `cancelled`: the team cancelled while it ran;
// - the game event's user and team names, and the request time (what the player is shown).
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const containerStartQueue: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('container_starts')
      .$call(autoIncrementId(dialect))
      .addColumn('game_instance_id', 'integer', (c) =>
        c.notNull().references('game_instances.id').onDelete('cascade'),
      )
      .addColumn('participation_id', 'integer', (c) =>
        c.notNull().references('participations.id').onDelete('cascade'),
      )
      .addColumn('state', 'text', (c) => c.notNull().defaultTo('queued')) // queued | starting | failed
      .addColumn('reason', 'text')
      .addColumn('slot', 'integer')
      .addColumn('held_by', 'text')
      .addColumn('lease_until', ms)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('team_name', 'text', (c) => c.notNull())
      .addColumn('requested_at', ms, (c) => c.notNull())
      .addColumn('taken_at', ms)
      .execute();
    await db.schema
      .createIndex('container_starts_game_instance_key')
      .unique()
      .on('container_starts')
      .column('game_instance_id')
      .execute();
    // Nulls are distinct in a unique index on both databases: only starting rows hold a slot.
    await db.schema
      .createIndex('container_starts_slot_key')
      .unique()
      .on('container_starts')
      .column('slot')
      .execute();
    // The dispatcher's poll, the ticket order and a queued start's position.
    await db.schema
      .createIndex('container_starts_state_idx')
      .on('container_starts')
      .columns(['state', 'id'])
      .execute();
    await db.schema
      .createIndex('container_starts_participation_idx')
      .on('container_starts')
      .column('participation_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('container_starts').ifExists().execute();
  },
};
