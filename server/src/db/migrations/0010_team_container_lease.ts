// Which request may start one of a team's containers right now, across every instance on the
// database (services/containers/teamLease.ts): a lease on the team's participation, taken by a
// conditional UPDATE, renewed while a create runs, released when it ends, and lapsing by itself
// when its holder died. Replaces a queue that only held within one process.
import { epochMs, type VexilMigration } from './columns.js';

export const teamContainerLease: VexilMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('participations').addColumn('container_lease_by', 'text').execute();
    await db.schema
      .alterTable('participations')
      .addColumn('container_lease_until', epochMs(dialect))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable('participations').dropColumn('container_lease_until').execute();
    await db.schema.alterTable('participations').dropColumn('container_lease_by').execute();
  },
};
