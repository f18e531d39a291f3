// Indexes the scoreboard build reads through after every burst of solves: a game's submissions
// by result and id (all accepted ones, those accepted since an id, the first one still unchecked),
// and the first three solvers of each challenge (the only solve orders that make bloods), so that
// no read walks every submission or every instance of the game.
import type { VexilMigration } from './columns.js';

export const boardIndexes: VexilMigration = {
  async up(db) {
    await db.schema
      .createIndex('submissions_game_id_status_id_idx')
      .on('submissions')
      .columns(['game_id', 'status', 'id'])
      .execute();
    await db.schema
      .createIndex('game_instances_challenge_id_solve_order_idx')
      .on('game_instances')
      .columns(['challenge_id', 'solve_order'])
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('game_instances_challenge_id_solve_order_idx').execute();
    await db.schema.dropIndex('submissions_game_id_status_id_idx').execute();
  },
};
