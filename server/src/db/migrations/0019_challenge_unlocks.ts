// Prerequisites and timed release of challenges (issue 25).
//
// `challenge_unlocks`: one row per challenge that has unlock settings (none: open to every team,
// as every challenge before this migration). `prerequisite_count` null = all prerequisites;
// `unlock_score` null = no score condition; `release_time` null = no timed release;
// `show_when_locked` 0 hides a locked challenge from the team, 1 shows it with what opens it;
// `release_notice` 1 posts a NewChallenge notice at the release time, and `released_at` records
// that it was posted (set by one conditional update, so it is posted once however many instances
// run the job). `game_id` is the challenge's (a challenge never moves), so a game's settings are
// one indexed read.
//
// `challenge_prerequisites`: the list of required challenges, one row per edge, in a table of its
// own rather than a JSON column, because the database then keeps it true: deleting a challenge
// (or its game) removes the edges to and from it by cascade, the primary key refuses the same
// edge twice, and "which challenges need this one" is an indexed read, not a scan of every
// challenge's JSON.
import { epochMs, type VexilMigration } from './columns.js';

export const challengeUnlocks: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .createTable('challenge_unlocks')
      .addColumn('challenge_id', 'integer', (c) =>
        c.primaryKey().references('challenges.id').onDelete('cascade'),
      )
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('prerequisite_count', 'integer')
      .addColumn('unlock_score', 'integer')
      .addColumn('release_time', ms)
      .addColumn('show_when_locked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('release_notice', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('released_at', ms)
      .execute();
    await db.schema
      .createIndex('challenge_unlocks_game_idx')
      .on('challenge_unlocks')
      .column('game_id')
      .execute();
    // The release job's look-up: notices still to post.
    await db.schema
      .createIndex('challenge_unlocks_release_idx')
      .on('challenge_unlocks')
      .columns(['release_notice', 'released_at', 'release_time'])
      .execute();
    await db.schema
      .createTable('challenge_prerequisites')
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references('challenges.id').onDelete('cascade'),
      )
      .addColumn('required_id', 'integer', (c) =>
        c.notNull().references('challenges.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('challenge_prerequisites_pkey', ['challenge_id', 'required_id'])
      .execute();
    await db.schema
      .createIndex('challenge_prerequisites_required_idx')
      .on('challenge_prerequisites')
      .column('required_id')
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('challenge_prerequisites').ifExists().execute();
    await db.schema.dropTable('challenge_unlocks').ifExists().execute();
  },
};
