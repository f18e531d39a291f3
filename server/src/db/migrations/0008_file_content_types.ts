// The content type of each stored file, decided when it was uploaded (from the re-encoded image,
// the checked PDF, or the uploader's file name with active types neutralised). Downloads are
// served with it, never with a type taken from the requested name. Files stored before this
// migration have none and are served as `application/octet-stream`.
import type { VexilMigration } from './columns.js';

export const fileContentTypes: VexilMigration = {
  async up(db) {
    await db.schema.alterTable('files').addColumn('content_type', 'text').execute();
  },
  async down(db) {
    await db.schema.alterTable('files').dropColumn('content_type').execute();
  },
};
