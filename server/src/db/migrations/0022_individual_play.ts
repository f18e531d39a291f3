// Individual play (issue 25). `games.play_mode`: `Teams` (the default, and every game before this
// migration: the reference's only way) or `Individual`. `teams.personal_of`: the user whose
// personal entry the team is — a team of one, made on their first join of an individual game and
// reused for every later one, so that every per-team mechanism (tokens, dynamic flags, containers,
// cheat detection, scoring, hints, unlocks) works per player unchanged. Null for ordinary teams;
// unique, so that two concurrent first joins make one entry. No cascade from `users`: deleting an
// account deletes its entry explicitly (its files and boards need the care a team deletion takes).
import type { VexilMigration } from './columns.js';

export const individualPlay: VexilMigration = {
  async up(db) {
    await db.schema
      .alterTable('games')
      .addColumn('play_mode', 'varchar(16)', (c) => c.notNull().defaultTo('Teams'))
      .execute();
    await db.schema
      .alterTable('teams')
      .addColumn('personal_of', 'text', (c) => c.references('users.id'))
      .execute();
    await db.schema
      .createIndex('teams_personal_of_key')
      .on('teams')
      .column('personal_of')
      .unique()
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('teams_personal_of_key').execute();
    await db.schema.alterTable('teams').dropColumn('personal_of').execute();
    await db.schema.alterTable('games').dropColumn('play_mode').execute();
  },
};
