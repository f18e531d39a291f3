/**
 * The flag checker (behaviour §2.4): an in-process queue of submission ids consumed by N workers
 * (1, 2 or 4 depending on the machine), each taking up to BATCH_SIZE waiting ids at a time and
 * checking them in one transaction (flagCheck/checkBatch.ts). A checker woken by a submission
 * waits BATCH_WINDOW_MS for the ones arriving with it; under a burst the batches grow and the
 * commits stay few.
 *
 * Several instances may share the database: each submission is claimed by one of them, which
 * checks it (flagCheck/claims.ts). At start every submission still `FlagSubmitted` that nobody
 * holds is claimed and queued (every one of them on a single-instance database, SQLite); the
 * claiming itself is retried while the database is down. A batch that fails (a busy or unreachable database, a lost
 * connection, a full disk) is never dropped, however often it fails: its ids are queued again,
 * one per batch so that one bad submission cannot hold back the others, after a delay that
 * doubles up to 30 s. When the database comes back after an outage (`resume`), the waiting ids are
 * checked at once, and the submissions nobody holds are claimed again: one stored just before its
 * request failed was never queued. Stopping waits for the checks in progress; queued ids stay
 * `FlagSubmitted` in the database, their claims released for another instance or the next start.
 */
import { availableParallelism, totalmem } from 'node:os';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { checkBatch } from './flagCheck/checkBatch.js';
import { ClaimKeeper } from './flagCheck/claims.js';
import { publishBatch, type PublishDeps } from './flagCheck/publish.js';

const GIB = 1024 ** 3;
/** Large enough that a burst costs few commits, small enough to keep a transaction short. */
export const BATCH_SIZE = 64;
const FIRST_RETRY_MS = 250;
/** How long a woken checker waits for more submissions before it checks (latency it adds). */
export const BATCH_WINDOW_MS = 20;

const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
const LONGEST_RETRY_MS = 30_000;

/**
 * 1 worker on small machines (< 2 GiB or ≤ 3 CPUs), 2 on medium ones (< 4 GiB or ≤ 6), else 4.
 * On PostgreSQL at least 2: a batch spends most of its time waiting for a dozen round trips, and
 * a second batch fills those waits (the lock order of checkBatch.ts keeps two batches from
 * deadlocking). SQLite writes one transaction at a time, so a second worker would only wait.
 */
export function defaultWorkerCount(
  memory = totalmem(),
  cpus = availableParallelism(),
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): number {
  const least = dialect === 'postgres' ? 2 : 1;
  if (memory < 2 * GIB || cpus <= 3) return least;
  if (memory < 4 * GIB || cpus <= 6) return 2;
  return 4;
}

export interface CheckDeps extends PublishDeps {
  db: Kysely<DB>;
}

interface Item {
  id: number;
  /** Failed checks so far; a failed item is checked alone from then on. */
  failures: number;
}

export interface FlagCheckerOptions {
  workers?: number;
  /** Sizes the default pool (defaultWorkerCount). */
  dialect?: 'sqlite' | 'postgres';
  /** BATCH_WINDOW_MS unless told otherwise. */
  batchWindowMs?: number;
  /** Told about a failed batch: the ids, how often they failed, the error. */
  onError?: (ids: number[], failures: number, error: unknown) => void;
  /** This instance's claims (one with a new instance id and the default timings unless given). */
  claims?: ClaimKeeper;
  /** The database serves this instance alone (SQLite): at start, every unchecked one is ours. */
  singleInstance?: boolean;
}

export class FlagChecker {
  private readonly queue: Item[] = [];
  private readonly queued = new Set<number>();
  private readonly retrying = new Map<number, NodeJS.Timeout>();
  /** Ids of the batches being checked. */
  private readonly checking = new Set<number>();
  private readonly waiting: Array<() => void> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private workers: Promise<void>[] = [];
  private busy = 0;
  private running = false;
  /** A listing of the unchecked submissions waits for its retry (the database was down). */
  private relisting: NodeJS.Timeout | undefined;
  /** Listings of the unchecked submissions in progress. */
  private listing = 0;
  /** The latest listing (stopping waits for it). */
  private listed: Promise<void> = Promise.resolve();

  private readonly batchWindowMs: number;
  private readonly claims: ClaimKeeper;
  /** Not started yet: the next claiming is the start's. */
  private firstStart = true;

  constructor(
    private readonly deps: CheckDeps,
    private readonly options: FlagCheckerOptions = {},
  ) {
    this.batchWindowMs = options.batchWindowMs ?? BATCH_WINDOW_MS;
    this.claims = options.claims ?? new ClaimKeeper(deps.db);
  }

  /**
   * The claim a submission stored by this instance is written with (then `enqueue` it); none
   * while stopped: the submission is left to whichever instance sweeps first.
   */
  newClaim(): { by: string; until: number } | undefined {
    return this.running ? this.claims.newClaim() : undefined;
  }

  /** Starts the workers and queues every submission waiting for its result that nobody holds. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const count = Math.max(
      1,
      this.options.workers ?? defaultWorkerCount(undefined, undefined, this.options.dialect),
    );
    this.workers = Array.from({ length: count }, () => this.work());
    this.claims.start(
      () => this.heldIds(),
      (ids) => ids.forEach((id) => this.enqueue(id)),
    );
    const takeOver = this.firstStart && this.options.singleInstance === true;
    this.firstStart = false;
    await (this.listed = this.queueUnchecked(0, takeOver));
  }

  /**
   * The database works again after an outage: the ids waiting for a retry are checked now, and
   * every submission still unchecked is queued (an id queued already is not queued twice; one
   * being checked right now is settled once, by whichever check claims it first).
   */
  resume(): void {
    if (!this.running) return;
    for (const [id, timer] of this.retrying) {
      clearTimeout(timer);
      this.retrying.delete(id);
      // Back in batches: the outage failed them, not something of their own.
      this.push({ id, failures: 0 });
    }
    clearTimeout(this.relisting);
    this.relisting = undefined;
    this.listed = this.queueUnchecked();
  }

  /**
   * Claims and queues the submissions waiting for their result that nobody holds (`takeOver`:
   * every one); on failure, tries again later.
   */
  private async queueUnchecked(failures = 0, takeOver = false): Promise<void> {
    this.relisting = undefined;
    if (!this.running) return;
    this.listing++;
    try {
      for (const id of await this.claims.claimFree(takeOver)) this.enqueue(id);
    } catch (error) {
      this.options.onError?.([], failures + 1, error);
      if (this.running) {
        const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
        this.relisting = setTimeout(() => {
          this.listed = this.queueUnchecked(failures + 1, takeOver);
        }, delay);
        this.relisting.unref();
      }
    } finally {
      this.listing--;
    }
    this.settleIdle();
  }

  /** Queues a stored submission for checking (an id already queued is not queued twice). */
  enqueue(id: number): void {
    this.push({ id, failures: 0 });
  }

  /** Ids queued or waiting to be retried (the queue depth). */
  get pending(): number {
    return this.queue.length + this.retrying.size;
  }

  /** Resolves when nothing is queued, waiting for a retry or being checked (tests). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking items, waits for the checks in progress and releases the unchecked claims. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    // Those being checked too: a release skips what their check settles.
    const unchecked = this.heldIds();
    this.queue.length = 0;
    this.queued.clear();
    for (const timer of this.retrying.values()) clearTimeout(timer);
    this.retrying.clear();
    clearTimeout(this.relisting);
    this.relisting = undefined;
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all([...this.workers, this.listed]);
    this.workers = [];
    await this.claims.stop(unchecked);
    this.settleIdle();
  }

  /** What this instance holds claims on: queued, waiting for a retry, or being checked. */
  private heldIds(): number[] {
    return [...this.queued, ...this.retrying.keys(), ...this.checking];
  }

  private push(item: Item): void {
    if (!this.running || this.queued.has(item.id) || this.retrying.has(item.id)) return;
    this.queued.add(item.id);
    this.queue.push(item);
    this.waiting.shift()?.();
  }

  /** The next batch: up to BATCH_SIZE items that never failed, or one that did. */
  private take(): Item[] {
    const first = this.queue.shift();
    if (!first) return [];
    const batch = [first];
    if (first.failures === 0) {
      while (batch.length < BATCH_SIZE && this.queue.length > 0 && this.queue[0].failures === 0) {
        batch.push(this.queue.shift()!);
      }
    }
    for (const item of batch) this.queued.delete(item.id);
    return batch;
  }

  private async work(): Promise<void> {
    while (this.running) {
      const batch = this.take();
      if (batch.length === 0) {
        this.settleIdle();
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        // Woken by a submission: let the ones arriving with it join its batch. Without this
        // pause every submission of a steady stream was checked alone (about 700 µs each,
        // against 125 µs in a batch of 64).
        if (this.queue.length < BATCH_SIZE) await sleep(this.batchWindowMs);
        continue;
      }
      this.busy++;
      const ids = batch.map((item) => item.id);
      for (const id of ids) this.checking.add(id);
      try {
        const outcome = await checkBatch(this.deps.db, ids);
        publishBatch(this.deps, outcome);
      } catch (error) {
        this.retryLater(batch, error);
      } finally {
        for (const id of ids) this.checking.delete(id);
        this.busy--;
      }
    }
  }

  private retryLater(batch: Item[], error: unknown): void {
    const failures = Math.max(...batch.map((item) => item.failures)) + 1;
    this.options.onError?.(
      batch.map((item) => item.id),
      failures,
      error,
    );
    if (!this.running) return;
    const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (failures - 1));
    for (const item of batch) {
      const timer = setTimeout(() => {
        this.retrying.delete(item.id);
        this.push({ id: item.id, failures });
      }, delay);
      timer.unref();
      this.retrying.set(item.id, timer);
    }
  }

  private isIdle(): boolean {
    return (
      this.queue.length === 0 &&
      this.busy === 0 &&
      this.retrying.size === 0 &&
      this.relisting === undefined &&
      this.listing === 0
    );
  }

  private settleIdle(): void {
    if (!this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
