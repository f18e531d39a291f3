/**
 * One game import at a time on this instance (`app.gameImports`). An import unpacks up to 1 GiB
 * to disk and holds its upload in memory; a second one while the first runs is refused with 429
 * and `Retry-After` rather than queued, so waiting uploads do not pile up in memory either.
 */
import { TooOften } from '../../domain/errors.js';

export const IMPORT_BUSY = 'Another game import is running on this server: try again in a moment';
/** Seconds a refused import is told to wait. */
export const IMPORT_RETRY_AFTER = 10;

export class GameImportSlot {
  private running = false;

  /** The folder imports unpack into (each in a folder of its own, removed when it is done). */
  constructor(readonly workRoot: string) {}

  get busy(): boolean {
    return this.running;
  }

  /** Runs `work` holding the slot, or refuses at once when it is taken. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) throw new TooOften(IMPORT_BUSY, IMPORT_RETRY_AFTER);
    this.running = true;
    try {
      return await work();
    } finally {
      this.running = false;
    }
  }
}
