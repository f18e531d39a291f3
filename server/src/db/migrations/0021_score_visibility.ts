// Score visibility (issue 25): who may see a game's scores until it ends — `Public` (the default,
// and every game before this migration: the reference's behaviour), `SignedIn` (any signed-in
// account) or `Organisers` (Monitors and Admins). After the end the scores are public whatever the
// setting (domain/scoreVisibility.ts).
import type { VexilMigration } from './columns.js';

export const scoreVisibility: VexilMigration = {
  async up(db) {
    await db.schema
      .alterTable('games')
      .addColumn('score_visibility', 'varchar(16)', (c) => c.notNull().defaultTo('Public'))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('games').dropColumn('score_visibility').execute();
  },
};
