/**
 * `app.submissionBatches`: the flag submission route's gate reads and inserts, gathered across
 * the requests that arrive together (services/submissionBatches.ts). PostgreSQL runs two batches
 * of each at once, so that one gathers while the previous one runs; SQLite's calls are
 * synchronous, one is enough.
 */
import { servicePlugin } from '../servicePlugin.js';
import { SubmissionBatches } from '../submissionBatches.js';

declare module 'fastify' {
  interface FastifyInstance {
    submissionBatches: SubmissionBatches;
  }
}

export const submissionBatchesPlugin = servicePlugin(
  'submissionBatches',
  ({ database }) =>
    new SubmissionBatches(database.db, {
      maxInFlight: database.dialect === 'postgres' ? 2 : 1,
    }),
  ['database'],
);
