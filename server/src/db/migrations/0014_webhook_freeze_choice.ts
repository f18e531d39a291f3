// Each webhook endpoint chooses whether the scoreboard freeze holds its deliveries (issue 23):
// `hold_during_freeze` 1 (the default, and every endpoint before this migration) holds solves,
// bloods and blood notices made after the freeze until the game ends (migration 0013); 0 sends
// them at once, for a channel only organisers read.
import type { VexilMigration } from './columns.js';

export const webhookFreezeChoice: VexilMigration = {
  async up(db) {
    await db.schema
      .alterTable('webhooks')
      .addColumn('hold_during_freeze', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('webhooks').dropColumn('hold_during_freeze').execute();
  },
};
