// Challenge containers: one row per running container, whether a team's (bound to its game
// instance) or an organiser's test container (no instance). `id` is the platform GUID, the public
// capability of the proxy routes; `engine_id` is the back end's own id.
import { epochMs, type VexilMigration } from './columns.js';

export const containers: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('containers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('engine_id', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references('challenges.id').onDelete('cascade'),
      )
      .addColumn('game_instance_id', 'integer', (c) =>
        c.references('game_instances.id').onDelete('cascade'),
      )
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('port', 'integer', (c) => c.notNull())
      .addColumn('public_ip', 'text')
      .addColumn('public_port', 'integer')
      .addColumn('is_proxy', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('capture', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', ms, (c) => c.notNull())
      .addColumn('expect_stop_at', ms, (c) => c.notNull())
      .execute();
    // Unique: concurrent creates for one instance can never leave two containers.
    await db.schema
      .createIndex('containers_game_instance_id_key')
      .unique()
      .on('containers')
      .column('game_instance_id')
      .execute();
    await db.schema
      .createIndex('containers_expect_stop_at_idx')
      .on('containers')
      .column('expect_stop_at')
      .execute();
    await db.schema
      .createIndex('containers_challenge_id_idx')
      .on('containers')
      .column('challenge_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('containers').ifExists().execute();
  },
};
