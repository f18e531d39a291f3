// Content-addressed files: one row per distinct content (SHA-256), shared by every reference
// (avatars, posters, attachments…) and removed when the last reference is released.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const files: VexilMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('files')
      .$call(autoIncrementId(dialect))
      .addColumn('hash', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('size', epochMs(dialect), (col) => col.notNull())
      .addColumn('uploaded_at', epochMs(dialect), (col) => col.notNull())
      .addColumn('reference_count', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('files_hash_key').unique().on('files').column('hash').execute();
    await db.schema.createIndex('files_name_idx').on('files').column('name').execute();
  },
  async down(db) {
    await db.schema.dropTable('files').execute();
  },
};
