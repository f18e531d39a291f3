// Accounts, sessions, the admin log and admin-editable settings.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const initial: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('normalized_user_name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('normalized_email', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('User'))
      .addColumn('email_confirmed', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('phone', 'text')
      .addColumn('real_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('std_number', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('avatar_hash', 'text')
      .addColumn('register_time', ms, (col) => col.notNull().defaultTo(0))
      .addColumn('last_visited', ms, (col) => col.notNull().defaultTo(0))
      .addColumn('last_ip', 'text', (col) => col.notNull().defaultTo('0.0.0.0'))
      .addColumn('security_stamp', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('users_normalized_user_name_key')
      .unique()
      .on('users')
      .column('normalized_user_name')
      .execute();
    await db.schema
      .createIndex('users_normalized_email_key')
      .unique()
      .on('users')
      .column('normalized_email')
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', ms, (col) => col.notNull())
      .addColumn('expires_at', ms, (col) => col.notNull())
      .addColumn('last_seen_at', ms, (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('security_stamp', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
    await db.schema
      .createIndex('sessions_expires_at_idx')
      .on('sessions')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('logs')
      .$call(autoIncrementId(dialect))
      .addColumn('time', ms, (col) => col.notNull())
      .addColumn('level', 'text', (col) => col.notNull())
      .addColumn('logger', 'text', (col) => col.notNull())
      .addColumn('user_name', 'text')
      .addColumn('ip', 'text')
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('status', 'text')
      .addColumn('exception', 'text')
      .execute();
    await db.schema.createIndex('logs_time_idx').on('logs').column('time').execute();
    await db.schema
      .createIndex('logs_level_time_idx')
      .on('logs')
      .columns(['level', 'time'])
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('updated_at', ms, (col) => col.notNull())
      .execute();
  },

  async down(db) {
    for (const table of ['settings', 'logs', 'sessions', 'users']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
