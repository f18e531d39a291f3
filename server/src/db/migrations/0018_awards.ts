// Awards (issue 25): organisers give (positive value) or take (negative) points from a team's
// registration in a game, with a reason and a time within the game. The board reads a game's
// awards at every build (one indexed query: a game has a handful of them, not thousands).
//
// - `participation_id`: the team's registration; an award goes with it (cascade);
// - `time`: when it counts (the time line steps there; after a freeze it is hidden like a solve);
// - `given_by`: the organiser who gave it (null once that account is deleted);
// - `created_at` / `updated_at`: when it was recorded and last edited.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const awards: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('awards')
      .$call(autoIncrementId(dialect))
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('participation_id', 'integer', (c) =>
        c.notNull().references('participations.id').onDelete('cascade'),
      )
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('time', ms, (c) => c.notNull())
      .addColumn('given_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', ms, (c) => c.notNull())
      .addColumn('updated_at', ms, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('awards_game_idx')
      .on('awards')
      .columns(['game_id', 'time'])
      .execute();
    await db.schema
      .createIndex('awards_participation_idx')
      .on('awards')
      .column('participation_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('awards').ifExists().execute();
  },
};
