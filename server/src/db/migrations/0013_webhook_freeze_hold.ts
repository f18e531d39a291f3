// Webhooks keep the scoreboard freeze (issue 23): a delivery that tells of a solve (a `Solve`, a
// blood, a blood notice) names its game (`held_game_id`) and the solve's time (`solve_time`).
// The sender claims it only while that game's board shows the solve to everyone: it is held
// while the game has a freeze at or before `solve_time` and has not ended. The hold is read from
// the game at claim time rather than copied onto the row, so when organisers move the freeze or
// the end, held deliveries follow the game as it is now. Null (every other event, and every
// delivery before this migration) is never held.
import { epochMs, type VexilMigration } from './columns.js';

export const webhookFreezeHold: VexilMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('webhook_deliveries').addColumn('held_game_id', 'integer').execute();
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('solve_time', epochMs(dialect))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('webhook_deliveries').dropColumn('solve_time').execute();
    await db.schema.alterTable('webhook_deliveries').dropColumn('held_game_id').execute();
  },
};
