// Which instance checks each unchecked submission, and until when (several instances on one
// database, services/flagCheck/claims.ts): the instance that stores a submission claims it, renews
// the claim while the submission waits in its queue, and a claim left to expire (its instance died)
// is taken over by another. A partial index over the unchecked submissions keeps the periodic
// sweep for expired claims cheap however many submissions were checked already.
import { sql } from 'kysely';
import { epochMs, type VexilMigration } from './columns.js';

export const submissionClaims: VexilMigration = {
  async up(db, dialect) {
    await db.schema.alterTable('submissions').addColumn('claimed_by', 'text').execute();
    await db.schema
      .alterTable('submissions')
      .addColumn('claim_expires_at', epochMs(dialect))
      .execute();
    await db.schema
      .createIndex('submissions_unchecked_claim_idx')
      .on('submissions')
      .columns(['claim_expires_at', 'id'])
      .where(sql.ref('status'), '=', sql.lit('FlagSubmitted'))
      .execute();
  },
  async down(db) {
    await db.schema.dropIndex('submissions_unchecked_claim_idx').execute();
    await db.schema.alterTable('submissions').dropColumn('claim_expires_at').execute();
    await db.schema.alterTable('submissions').dropColumn('claimed_by').execute();
  },
};
