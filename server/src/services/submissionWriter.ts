/**
 * Group commit of flag submissions: the submissions of requests arriving together are stored by
 * one multi-row insert (one statement, one commit) instead of one each. At an event's peak this
 * halves the round trips of a submission on PostgreSQL and the commits on SQLite.
 *
 * When it gathers: whatever arrived by the end of the current turn of the event loop goes out
 * together (no timer, so a lone submission waits for nothing); while `maxInFlight` inserts are
 * running, the arrivals wait and go out together when one finishes, at most `maxBatch` rows per
 * insert. A request is answered only after the insert holding its row committed, so nothing
 * acknowledged is lost.
 *
 * When an insert fails: a failure of the database itself (unreachable, busy, full; db/faults.ts)
 * fails every request of the batch, as it would have failed each of them alone; the statement
 * committed nothing, and a connection lost during the commit is not retried, so no row is stored
 * twice. Any other failure (one row the database refuses) is retried row by row, so that only the
 * request at fault fails.
 */
import type { Kysely } from 'kysely';
import { storageFault } from '../db/faults.js';
import {
  insertSubmission,
  insertSubmissions,
  type NewSubmission,
} from '../db/repositories/submissions.js';
import type { DB } from '../db/schema.js';

/** Rows per insert: large enough that a burst costs few commits, one statement of ~640 values. */
export const MAX_BATCH = 64;

export interface SubmissionWriterOptions {
  maxBatch?: number;
  /** Inserts running at once (1 on SQLite, whose calls are synchronous anyway). */
  maxInFlight?: number;
}

interface Waiting {
  submission: NewSubmission;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

export class SubmissionWriter {
  private readonly waiting: Waiting[] = [];
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Kysely<DB>,
    options: SubmissionWriterOptions = {},
  ) {
    this.maxBatch = Math.max(1, options.maxBatch ?? MAX_BATCH);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
  }

  /** Stores the submission; answers its id once its row is committed. */
  write(submission: NewSubmission): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.waiting.push({ submission, resolve, reject });
      if (this.waiting.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      void this.store(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async store(batch: Waiting[]): Promise<void> {
    try {
      const ids = await insertSubmissions(
        this.db,
        batch.map((w) => w.submission),
      );
      batch.forEach((w, i) => w.resolve(ids[i]));
    } catch (error) {
      if (batch.length === 1 || storageFault(error) !== null) {
        for (const w of batch) w.reject(error);
        return;
      }
      // One row refused: the others are stored alone, and only that request fails.
      await Promise.all(
        batch.map((w) => insertSubmission(this.db, w.submission).then(w.resolve, w.reject)),
      );
    }
  }
}
