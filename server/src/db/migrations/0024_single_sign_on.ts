// Single sign-on (issue 26). Three tables:
// - `sso_providers`: providers configured in the console (those of `VEXIL_SSO_PROVIDERS` live in
//   the environment only). `client_secret` is write-only through the API. `mapping` is the JSON
//   field mapping of the user-info answer.
// - `sso_identities`: a provider's subject linked to an account, unique per (provider, subject)
//   and per (user, provider); goes with the account (cascade). `provider` is the provider's id,
//   not a foreign key: environment providers have no row.
// - `sso_flows`: sign-ins under way between `start` and `callback`, keyed by their `state`; one
//   use (the callback deletes the row it takes), 10 minutes, bound to the browser by the hash of
//   its `vexil_sso` cookie. In the database so that any instance can finish a sign-in.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const singleSignOn: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('sso_providers')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('authorization_endpoint', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('token_endpoint', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('user_info_endpoint', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('scopes', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', ms, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sso_identities')
      .$call(autoIncrementId(dialect))
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('linked_at', ms, (c) => c.notNull())
      .addColumn('last_used_at', ms)
      .execute();
    await db.schema
      .createIndex('sso_identities_subject_key')
      .on('sso_identities')
      .columns(['provider', 'subject'])
      .unique()
      .execute();
    await db.schema
      .createIndex('sso_identities_user_key')
      .on('sso_identities')
      .columns(['user_id', 'provider'])
      .unique()
      .execute();
    await db.schema
      .createTable('sso_flows')
      .addColumn('state', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('provider', 'varchar(32)', (c) => c.notNull())
      .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('link_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('return_to', 'text', (c) => c.notNull())
      .addColumn('expires_at', ms, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sso_flows_expires_idx')
      .on('sso_flows')
      .column('expires_at')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('sso_flows').ifExists().execute();
    await db.schema.dropTable('sso_identities').ifExists().execute();
    await db.schema.dropTable('sso_providers').ifExists().execute();
  },
};
