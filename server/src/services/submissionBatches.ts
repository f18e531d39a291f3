/**
 * The database work of flag submissions, batched (services/batcher.ts): the gate reads of the
 * requests arriving together go out as one lookup, their inserts as one multi-row insert (group
 * commit). Each request is answered only once the insert holding its row has committed, so
 * nothing acknowledged is lost.
 */
import type { Kysely } from 'kysely';
import {
  findSubmissionGates,
  type SubmissionGate,
  type SubmissionGateKey,
} from '../db/repositories/submissionGate.js';
import { insertSubmissions, type NewSubmission } from '../db/repositories/submissions.js';
import type { DB } from '../db/schema.js';
import { Batcher, type BatcherOptions } from './batcher.js';
import {
  insertLimitedSubmissions,
  type LimitedOutcome,
  type LimitedSubmission,
} from './limitedSubmissions.js';

export class SubmissionBatches {
  private readonly gates: Batcher<SubmissionGateKey, SubmissionGate>;
  private readonly inserts: Batcher<NewSubmission, number>;
  private readonly limitedInserts: Batcher<LimitedSubmission, LimitedOutcome>;

  constructor(db: Kysely<DB>, options: BatcherOptions = {}) {
    this.gates = new Batcher((keys) => findSubmissionGates(db, keys), options);
    this.inserts = new Batcher((rows) => insertSubmissions(db, rows), options);
    this.limitedInserts = new Batcher((rows) => insertLimitedSubmissions(db, rows), options);
  }

  /** The game, the caller's registration in it and the challenge (see submissionGate.ts). */
  readGate(key: SubmissionGateKey): Promise<SubmissionGate> {
    return this.gates.submit(key);
  }

  /** Stores the submission; answers its id once its row is committed. */
  write(submission: NewSubmission): Promise<number> {
    return this.inserts.submit(submission);
  }

  /**
   * Stores a submission to a challenge with attempt limits if they allow it (./limitedSubmissions.ts);
   * answers its id once committed, or why it was refused.
   */
  writeLimited(submission: LimitedSubmission): Promise<LimitedOutcome> {
    return this.limitedInserts.submit(submission);
  }
}
