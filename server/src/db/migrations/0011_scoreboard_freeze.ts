// The scoreboard freeze of a game (issue 17): from `freeze_time` (epoch ms) until the game's end,
// players and visitors see the board as it stood then, plus their own team's later solves. Null
// (the default, and every game before this migration) means no freeze.
import { epochMs, type VexilMigration } from './columns.js';

export const scoreboardFreeze: VexilMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('games').addColumn('freeze_time', epochMs(dialect)).execute();
  },
  async down(db) {
    await db.schema.alterTable('games').dropColumn('freeze_time').execute();
  },
};
