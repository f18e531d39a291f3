// Personal API tokens (issue 26). A user's scripts authenticate with `Authorization: Bearer
// vexil_pat_…`; the table keeps only the token's SHA-256 (`token_hash`, unique: every request
// looks it up by it), never the secret.
//
// - `scope`: `Read`, `Play` or `Admin` (domain/apiTokens.ts);
// - `security_stamp`: the user's stamp when it was made; a token under another stamp is void, so a
//   password change (or a lifted ban, or a mail change) ends it, as it ends sessions;
// - `expires_at`: null when it never expires;
// - `last_used_at` / `last_used_ip`: written at most every few seconds per token
//   (services/apiTokens/cachedApiTokens.ts), null until first use.
// Deleting the account deletes its tokens (cascade); revoking one deletes its row.
import { epochMs, type VexilMigration } from './columns.js';

export const apiTokens: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('api_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('security_stamp', 'text', (c) => c.notNull())
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('expires_at', ms)
      .addColumn('last_used_at', ms)
      .addColumn('last_used_ip', 'text')
      .execute();
    await db.schema
      .createIndex('api_tokens_token_hash_key')
      .on('api_tokens')
      .column('token_hash')
      .unique()
      .execute();
    await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
  },
  async down(db) {
    await db.schema.dropTable('api_tokens').ifExists().execute();
  },
};
