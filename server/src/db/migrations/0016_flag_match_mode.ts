// How answers are compared with a stored flag (issue 25): `Exact` (the default, and every flag
// before this migration), `CaseInsensitive` or `Regex` (an RE2 pattern matching the whole
// trimmed answer). Only static challenges' flags take another mode than `Exact`.
import type { VexilMigration } from './columns.js';

export const flagMatchMode: VexilMigration = {
  async up(db) {
    await db.schema
      .alterTable('flags')
      .addColumn('match_mode', 'varchar(16)', (c) => c.notNull().defaultTo('Exact'))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('flags').dropColumn('match_mode').execute();
  },
};
