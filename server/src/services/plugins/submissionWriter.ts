/**
 * `app.submissionWriter`: stores flag submissions, gathering the requests that arrive together
 * into one insert (services/submissionWriter.ts). PostgreSQL runs two inserts at once, so that a
 * batch gathers while the previous one commits; SQLite's calls are synchronous, one is enough.
 */
import { servicePlugin } from '../servicePlugin.js';
import { SubmissionWriter } from '../submissionWriter.js';

declare module 'fastify' {
  interface FastifyInstance {
    submissionWriter: SubmissionWriter;
  }
}

export const submissionWriterPlugin = servicePlugin(
  'submissionWriter',
  ({ database }) =>
    new SubmissionWriter(database.db, { maxInFlight: database.dialect === 'postgres' ? 2 : 1 }),
  ['database'],
);
