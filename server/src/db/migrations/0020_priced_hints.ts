// Hints with a price (issue 25).
//
// `games.hint_policy`: when a costed hint's price is paid: `AtUnlock` (the default: when the team
// unlocks it, scores may go negative) or `OnSolve` (only if the team solves the challenge after
// unlocking it, at the time of that solve).
//
// `challenge_hints`: the priced hints of a challenge, in `position` order; `cost` 0 is a free hint
// that still needs unlocking. The reference wire's `challenges.hints` (free texts shown to every
// team) is left as it is: priced hints are an addition beside it.
//
// `hint_unlocks`: which registration unlocked which hint, when, by whom and at what price (the
// cost when it was unlocked, so an organiser changing the price later does not rewrite scores).
// The unique (hint_id, participation_id) makes an unlock once per team however many members
// press at once, on however many instances: the second insert does nothing.
import { autoIncrementId, epochMs, type VexilMigration } from './columns.js';

export const pricedHints: VexilMigration = {
  async up(db, dialect) {
    const ms = epochMs(dialect);
    await db.schema
      .alterTable('games')
      .addColumn('hint_policy', 'text', (c) => c.notNull().defaultTo('AtUnlock'))
      .execute();
    await db.schema
      .createTable('challenge_hints')
      .$call(autoIncrementId(dialect))
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references('challenges.id').onDelete('cascade'),
      )
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('challenge_hints_challenge_idx')
      .on('challenge_hints')
      .columns(['challenge_id', 'position'])
      .execute();
    await db.schema
      .createTable('hint_unlocks')
      .$call(autoIncrementId(dialect))
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('challenge_id', 'integer', (c) =>
        c.notNull().references('challenges.id').onDelete('cascade'),
      )
      .addColumn('hint_id', 'integer', (c) =>
        c.notNull().references('challenge_hints.id').onDelete('cascade'),
      )
      .addColumn('participation_id', 'integer', (c) =>
        c.notNull().references('participations.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('cost', 'integer', (c) => c.notNull())
      .addColumn('time', ms, (c) => c.notNull())
      .addUniqueConstraint('hint_unlocks_once_per_team', ['hint_id', 'participation_id'])
      .execute();
    // The board's read (a game's paid unlocks) and the monitors' list.
    await db.schema
      .createIndex('hint_unlocks_game_idx')
      .on('hint_unlocks')
      .columns(['game_id', 'time'])
      .execute();
    await db.schema
      .createIndex('hint_unlocks_participation_idx')
      .on('hint_unlocks')
      .columns(['participation_id', 'challenge_id'])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable('hint_unlocks').ifExists().execute();
    await db.schema.dropTable('challenge_hints').ifExists().execute();
    await db.schema.alterTable('games').dropColumn('hint_policy').execute();
  },
};
