/**
 * Start requests waiting for their start (issue 24): a Start request answers the running
 * container when its start ends within the wait, else `Pending`. A start run on this instance
 * says so when it ends (`notify`, from the dispatcher); one run by another instance is noticed by
 * a sweep once every `pollMs` that reads the states of every start waited for in one query, and
 * runs only while someone waits.
 */
import type { Kysely } from 'kysely';
import { startStates } from '../../db/repositories/containerStarts.js';
import type { DB } from '../../db/schema.js';

export class StartWaiters {
  private readonly waiting = new Map<number, Set<() => void>>();
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly pollMs: number,
  ) {}

  /** Settles when the start is no longer queued or starting, or after `ms`, whichever is first. */
  wait(startId: number, ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      let waiters = this.waiting.get(startId);
      if (!waiters) this.waiting.set(startId, (waiters = new Set()));
      const done = () => {
        clearTimeout(timeout);
        waiters.delete(done);
        if (waiters.size === 0) this.waiting.delete(startId);
        if (this.waiting.size === 0) this.stopSweeping();
        resolve();
      };
      const timeout = setTimeout(done, ms);
      waiters.add(done);
      if (!this.sweeper) {
        this.sweeper = setInterval(() => void this.sweep(), this.pollMs);
        this.sweeper.unref();
      }
    });
  }

  /** The start ended (on this instance). */
  notify(startId: number): void {
    for (const done of [...(this.waiting.get(startId) ?? [])]) done();
  }

  /** Lets every waiter go (the app closes): they answer what stands now. */
  close(): void {
    for (const startId of [...this.waiting.keys()]) this.notify(startId);
    this.stopSweeping();
  }

  private stopSweeping(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const ids = [...this.waiting.keys()];
      const states = await startStates(this.db, ids);
      for (const id of ids) {
        const state = states.get(id);
        if (state !== 'queued' && state !== 'starting') this.notify(id);
      }
    } catch {
      // The database is down: the waiters' own time runs out, and they answer what they can.
    } finally {
      this.sweeping = false;
    }
  }
}
