/**
 * Gathers the database work of requests arriving together into one statement (group commit for
 * writes, one lookup for reads): at an event's peak that is one round trip and one commit for a
 * few dozen requests instead of one each.
 *
 * When it gathers: whatever arrived by the end of the current turn of the event loop goes out
 * together (no timer, so a lone request waits for nothing); while `maxInFlight` batches are
 * running, the arrivals wait and go out together when one finishes, at most `maxBatch` per batch.
 * Each caller gets its own answer once its batch has finished (for a write: committed).
 *
 * When a batch fails: a failure of the database itself (unreachable, busy, full; db/faults.ts)
 * fails every caller of the batch, as it would have failed each of them alone — the statement
 * did nothing, and a connection lost during a commit is not retried, so nothing is written twice.
 * Any other failure (one input the database refuses) is retried input by input, so that only the
 * caller at fault fails.
 */
import { storageFault } from '../db/faults.js';

/** Large enough that a burst costs few statements, small enough to keep each one short. */
export const MAX_BATCH = 64;

export interface BatcherOptions {
  maxBatch?: number;
  /** Batches running at once (1 on SQLite, whose calls are synchronous anyway). */
  maxInFlight?: number;
}

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export class Batcher<In, Out> {
  private readonly waiting: Waiting<In, Out>[] = [];
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private inFlight = 0;
  private scheduled = false;

  /** `run` answers one output per input, in the inputs' order. */
  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    options: BatcherOptions = {},
  ) {
    this.maxBatch = Math.max(1, options.maxBatch ?? MAX_BATCH);
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
  }

  /** Runs `input` with the others of its batch; answers its own output. */
  submit(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
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
      void this.runBatch(batch).finally(() => {
        this.inFlight--;
        this.flush();
      });
    }
  }

  private async runBatch(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const outputs = await this.run(batch.map((w) => w.input));
      batch.forEach((w, i) => w.resolve(outputs[i]));
    } catch (error) {
      if (batch.length === 1 || storageFault(error) !== null) {
        for (const w of batch) w.reject(error);
        return;
      }
      // One input refused: the others run alone, and only the caller at fault fails. One after
      // another, so that ids keep the order of arrival (the checker and first bloods follow ids).
      for (const w of batch) {
        await this.run([w.input]).then(([output]) => w.resolve(output), w.reject);
      }
    }
  }
}
