/**
 * The container start queue's dispatcher, one per instance (issue 24). The engine gets at most
 * `startsInFlight` creates at a time across every instance of the deployment: a start being run
 * holds one of the numbered slots 0..N-1, taken with it in one conditional UPDATE and guarded by
 * a unique index, so two instances can never hold the same slot; the instances take one at a time
 * (an advisory lock on PostgreSQL), so starts leave the queue in ticket order
 * (repositories/containerStarts.ts).
 *
 * The dispatcher takes queued starts in ticket order while a slot is free:
 * - at once when woken: a start queued on this instance, or one of its starts finished;
 * - every `pollMs` after one cheap indexed query says there is something to do: a start queued on
 *   another instance, or a holder whose lease lapsed (its instance died or lost the database),
 *   which goes back in line first, its slot free again.
 *
 * It renews the leases of the starts it runs (every quarter of `leaseMs`, one statement), and on
 * stop takes nothing more, stops their retries and waits for them: a start interrupted so goes
 * back to the queue for another instance (teamStart.ts). Listeners hear each start it finished.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StartQueueConfig } from '../../config.js';
import { isUniqueViolation } from '../../db/errors.js';
import { storageFault } from '../../db/faults.js';
import {
  renewStarts,
  requeueLapsedStarts,
  startsWaiting,
  takeNextStart,
  type ContainerStart,
} from '../../db/repositories/containerStarts.js';
import type { DB } from '../../db/schema.js';
import type { HeldStart } from './teamStart.js';

export interface StartDispatcherLog {
  warn(object: object, message: string): void;
}

export interface StartDispatcherOptions {
  db: Kysely<DB>;
  /** Starts in flight across every instance (`VEXIL_CONTAINER_STARTS`). */
  slots: number;
  timing: StartQueueConfig;
  /** Names this instance in the starts it holds. */
  instanceId: string;
  log: StartDispatcherLog;
  /** Runs one start it took; settles when the start is done, whatever the outcome. */
  run: (start: ContainerStart, held: HeldStart) => Promise<void>;
}

interface Running {
  token: string;
  abort: AbortController;
  done: Promise<void>;
}

export class StartDispatcher {
  private pollTimer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private filling: Promise<void> | undefined;
  private fillAgain = false;
  private stopped = false;
  private readonly running = new Map<number, Running>();
  private readonly finishedListeners = new Set<(startId: number) => void>();

  constructor(private readonly options: StartDispatcherOptions) {}

  start(): void {
    const { pollMs, leaseMs } = this.options.timing;
    this.pollTimer = setInterval(() => void this.poll(), pollMs);
    this.pollTimer.unref();
    this.renewTimer = setInterval(() => void this.renew(), Math.max(1, Math.floor(leaseMs / 4)));
    this.renewTimer.unref();
    this.wake();
  }

  /** Takes what it can now (a start was queued here, or one ended); calls never overlap. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = (async () => {
      do {
        this.fillAgain = false;
        await this.fill().catch((error: unknown) => this.trouble(error, 'take queued starts'));
      } while (this.fillAgain && !this.stopped);
    })().finally(() => (this.filling = undefined));
    return this.filling;
  }

  /** Tells `listener` the id of each start this instance finished (done, failed or given back). */
  onFinished(listener: (startId: number) => void): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  /** Starts this instance runs now. */
  get inFlight(): number {
    return this.running.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.pollTimer);
    clearInterval(this.renewTimer);
    await this.filling;
    for (const { abort } of this.running.values()) abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  /** The one cheap look of every poll; the full pass only when there is something to take. */
  private async poll(): Promise<void> {
    if (this.stopped || this.filling) return;
    try {
      if (await startsWaiting(this.options.db, Date.now())) await this.wake();
    } catch (error) {
      this.trouble(error, 'look for queued starts');
    }
  }

  private async fill(): Promise<void> {
    const { db, slots, timing } = this.options;
    await requeueLapsedStarts(db, Date.now());
    while (!this.stopped) {
      const token = `${this.options.instanceId}#${randomBytes(6).toString('hex')}`;
      const now = Date.now();
      let start: ContainerStart | null;
      try {
        // The lowest free slot and the first ticket, decided one instance at a time.
        start = await takeNextStart(db, slots, { by: token, until: now + timing.leaseMs, now });
      } catch (error) {
        // A slot taken by a writer outside the take lock a moment ago: look again.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
      if (!start) return;
      this.launch(start, token);
    }
  }

  private launch(start: ContainerStart, token: string): void {
    const abort = new AbortController();
    const done = this.options
      .run(start, { token, signal: abort.signal })
      .catch((error: unknown) => this.trouble(error, `finish container start ${start.id}`))
      .finally(() => {
        this.running.delete(start.id);
        for (const listener of this.finishedListeners) listener(start.id);
        void this.wake();
      });
    this.running.set(start.id, { token, abort, done });
  }

  private async renew(): Promise<void> {
    const tokens = [...this.running.values()].map((r) => r.token);
    if (tokens.length === 0) return;
    try {
      await renewStarts(this.options.db, tokens, Date.now() + this.options.timing.leaseMs);
    } catch (error) {
      // Unrenewed, the leases lapse and the starts are taken again: nothing is lost.
      this.trouble(error, 'renew the leases of its container starts');
    }
  }

  /** The database's outage is logged once by its health; anything else here is worth a line. */
  private trouble(error: unknown, doing: string): void {
    if (storageFault(error)) return;
    const text = error instanceof Error ? error.message : String(error);
    this.options.log.warn({}, `Container start queue: could not ${doing}: ${text}`);
  }
}
