// Passkeys (issue 26): WebAuthn credentials of an account, and the one-use challenges of the
// ceremonies that make and use them.
//
// `passkeys`: one row per credential, gone with its account (cascade).
// - `credential_id`: the credential id as the browser sends it (Base64URL), unique across
//   accounts, so a sign-in finds its owner without a user name;
// - `public_key`: the COSE public key (Base64URL); `counter`: the last signature counter seen
//   (a bigint on PostgreSQL: authenticators count in 32 unsigned bits);
// - `transports` (JSON list), `device_type`, `backed_up`: what the authenticator said, for hints;
// - `name`, `created_at`, `last_used_at`: what the profile lists.
//
// `passkey_challenges`: a ceremony's challenge, held on the server (shared by every instance) for
// a few minutes and deleted on first use. `id` is the SHA-256 hex of the random token in the
// browser's `vexil_passkey` cookie (the token itself is never stored); `purpose` is `register`
// (then `user_id` is the account adding a passkey), `secondStep` (the account signing in with its
// password) or `signIn` (`user_id` null: no user name).
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const passkeys: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('passkeys')
      .$call(autoIncrementId(dialect))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', ms, (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('last_used_at', ms)
      .execute();
    await db.schema
      .createIndex('passkeys_credential_id_key')
      .on('passkeys')
      .column('credential_id')
      .unique()
      .execute();
    await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();
    await db.schema
      .createTable('passkey_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('expires_at', ms, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('passkey_challenges_expires_idx')
      .on('passkey_challenges')
      .column('expires_at')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('passkey_challenges').ifExists().execute();
    await db.schema.dropTable('passkeys').ifExists().execute();
  },
};
