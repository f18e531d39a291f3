// Two-step sign-in (issue 26, item 3).
//
// `user_totp`: a user's authenticator-app secret, one row per user. `secret` is encrypted with a
// key derived from the server secret (services/secondStep/secretBox.ts), never plain text.
// `enabled_at` null = an enrolment started and not yet confirmed (not asked at sign-in).
// `last_time_step` is the 30-second step of the last code accepted: a code of that step or an
// earlier one is refused (no replay), set by a conditional update in the sign-in's transaction.
//
// `recovery_codes`: ten one-use codes per user, stored as SHA-256 hashes (they are random, 50
// bits, so a fast hash is enough); `used_at` set once, by a conditional update.
//
// `pending_sign_ins`: a sign-in whose password was right and that waits for its second step (or,
// `purpose` `Enrol`, for the enrolment its role requires). The browser holds a random token in
// the `vexil_second_step` cookie; the row keeps its SHA-256. Lives at most 5 minutes, dies after
// a few wrong codes, used once, and void when the user's security stamp changes.
import { epochMs, autoIncrementId, type VexilMigration } from './columns.js';

export const twoStep: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('user_totp')
      .addColumn('user_id', 'text', (c) =>
        c.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('enabled_at', ms)
      .addColumn('last_time_step', ms)
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .$call(autoIncrementId(dialect))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('used_at', ms)
      .addUniqueConstraint('recovery_codes_user_code', ['user_id', 'code_hash'])
      .execute();
    await db.schema
      .createTable('pending_sign_ins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('security_stamp', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('expires_at', ms, (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('pending_sign_ins_user_idx')
      .on('pending_sign_ins')
      .column('user_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('pending_sign_ins').ifExists().execute();
    await db.schema.dropTable('recovery_codes').ifExists().execute();
    await db.schema.dropTable('user_totp').ifExists().execute();
  },
};
