/**
 * The flag checker (behaviour §2.4): an in-process queue of submission ids consumed by N workers
 * (1, 2 or 4 depending on the machine). At start every submission still `FlagSubmitted` is queued
 * again; a check that fails (e.g. a database conflict) is retried a few times, then left for the
 * next start. Stopping waits for the checks in progress; queued ids stay `FlagSubmitted` in the
 * database and are picked up again at the next start.
 */
import { availableParallelism, totalmem } from 'node:os';
import { listUncheckedSubmissionIds } from '../db/repositories/submissions.js';
import { checkSubmission, type CheckDeps } from './playCheck.js';

declare module 'fastify' {
  interface FastifyInstance {
    flagChecker: FlagChecker;
  }
}

const GIB = 1024 ** 3;
const MAX_ATTEMPTS = 3;

/** 1 worker on small machines (< 2 GiB or ≤ 3 CPUs), 2 on medium ones (< 4 GiB or ≤ 6), else 4. */
export function defaultWorkerCount(memory = totalmem(), cpus = availableParallelism()): number {
  if (memory < 2 * GIB || cpus <= 3) return 1;
  if (memory < 4 * GIB || cpus <= 6) return 2;
  return 4;
}

interface Item {
  id: number;
  attempts: number;
}

export interface FlagCheckerOptions {
  workers?: number;
  onError?: (id: number, error: unknown) => void;
}

export class FlagChecker {
  private readonly queue: Item[] = [];
  private readonly queued = new Set<number>();
  private readonly waiting: Array<() => void> = [];
  private readonly idleWaiters: Array<() => void> = [];
  private workers: Promise<void>[] = [];
  private busy = 0;
  private running = false;

  constructor(
    private readonly deps: CheckDeps,
    private readonly options: FlagCheckerOptions = {},
  ) {}

  /** Starts the workers and queues every submission still waiting for its result. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const count = Math.max(1, this.options.workers ?? defaultWorkerCount());
    this.workers = Array.from({ length: count }, () => this.work());
    for (const id of await listUncheckedSubmissionIds(this.deps.db)) this.enqueue(id);
  }

  /** Queues a stored submission for checking (an id already queued is not queued twice). */
  enqueue(id: number, attempts = 0): void {
    if (!this.running || this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push({ id, attempts });
    this.waiting.shift()?.();
  }

  /** Resolves when the queue is empty and no check is running (tests). */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops taking items and waits for the checks in progress. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.queue.length = 0;
    this.queued.clear();
    for (const wake of this.waiting.splice(0)) wake();
    await Promise.all(this.workers);
    this.workers = [];
    this.settleIdle();
  }

  private async work(): Promise<void> {
    while (this.running) {
      const item = this.queue.shift();
      if (!item) {
        this.settleIdle();
        await new Promise<void>((resolve) => this.waiting.push(resolve));
        continue;
      }
      this.queued.delete(item.id);
      this.busy++;
      try {
        await checkSubmission(this.deps, item.id);
      } catch (error) {
        if (item.attempts + 1 < MAX_ATTEMPTS) this.enqueue(item.id, item.attempts + 1);
        else this.options.onError?.(item.id, error);
      } finally {
        this.busy--;
      }
    }
  }

  private settleIdle(): void {
    if (this.queue.length > 0 || this.busy > 0) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
