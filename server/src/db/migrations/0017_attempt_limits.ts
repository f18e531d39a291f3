// Attempt limits of a challenge (issue 25): `max_attempts`, the most wrong submissions a team may
// make (0: no limit), and `attempt_wait`, the seconds a team waits after a wrong submission before
// its next one (0: none). Every challenge before this migration keeps neither.
import type { VexilMigration } from './columns.js';

export const attemptLimits: VexilMigration = {
  async up(db) {
    await db.schema
      .alterTable('challenges')
      .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('challenges')
      .addColumn('attempt_wait', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('challenges').dropColumn('attempt_wait').execute();
    await db.schema.alterTable('challenges').dropColumn('max_attempts').execute();
  },
};
