// Teams and their members. A team has one captain (who cannot be deleted while captaining);
// members go with their team or their account.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const teams: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);

    await db.schema
      .createTable('teams')
      .$call(autoIncrementId(dialect))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('avatar_hash', 'text')
      .addColumn('locked', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('invite_token', 'text', (col) => col.notNull())
      .addColumn('captain_id', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('created_at', ms, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('teams_captain_id_idx').on('teams').column('captain_id').execute();

    await db.schema
      .createTable('team_members')
      .addColumn('team_id', 'integer', (col) =>
        col.notNull().references('teams.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('joined_at', ms, (col) => col.notNull())
      .addPrimaryKeyConstraint('team_members_pkey', ['team_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('team_members_user_id_idx')
      .on('team_members')
      .column('user_id')
      .execute();
  },

  async down(db) {
    await db.schema.dropTable('team_members').ifExists().execute();
    await db.schema.dropTable('teams').ifExists().execute();
  },
};
