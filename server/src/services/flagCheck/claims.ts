/**
 * The flag checker's claims on submissions, so that several instances on one database check each
 * submission once and none is left behind when an instance dies (behaviour §2.4, deploy guide
 * "Several instances").
 *
 * - A submission is claimed by the instance that stores it (the claim is written with the row) and
 *   queued there.
 * - While it waits or is being checked, its instance renews the claim every quarter of the timeout.
 * - Every SWEEP_INTERVAL_MS, submissions nobody holds — never claimed, released by an instance that
 *   stopped, or whose claim lapsed because its instance died — are claimed and queued (at most
 *   SWEEP_BATCH per statement, again at once while more are left).
 * - An instance that stops releases the claims of what it had not checked yet, so another takes
 *   them at once instead of after the timeout.
 *
 * Claims decide who does the work; they are not what makes a check happen once. That is the
 * check itself (checkBatch.ts): a result is only written over `FlagSubmitted`, so an instance that
 * lost its claim while the database was unreachable and checks the submission anyway changes
 * nothing and publishes nothing.
 */
import type { Kysely } from 'kysely';
import {
  claimFreeSubmissions,
  releaseSubmissionClaims,
  renewSubmissionClaims,
  type ClaimStamp,
} from '../../db/repositories/submissionClaims.js';
import type { DB } from '../../db/schema.js';
import { newInstanceId } from '../cluster/instanceId.js';

/** How long a claim lasts unless renewed: how long a dead instance's submissions wait. */
export const CLAIM_TIMEOUT_MS = 20_000;
/** How often submissions nobody holds are looked for. */
export const SWEEP_INTERVAL_MS = 5_000;
/** Claimed per statement by a sweep. */
const SWEEP_BATCH = 1_000;

export interface ClaimOptions {
  /** Names this instance in the claims; a new one unless given. */
  instanceId?: string;
  timeoutMs?: number;
  sweepIntervalMs?: number;
  /**
   * Runs a periodic sweep, or not when another instance of the cluster does (services/cluster/
   * clusterLock.ts); `periodMs` is the sweep interval. Always here unless told otherwise. The
   * sweeps at start and after an outage always run.
   */
  exclusive?: (sweep: () => Promise<void>, periodMs: number) => Promise<unknown>;
  /** Told about a failed renewal, sweep or release (the claims lapse or are retried). */
  onError?: (what: 'renew' | 'sweep' | 'release', error: unknown) => void;
}

export class ClaimKeeper {
  readonly instanceId: string;
  readonly timeoutMs: number;
  private readonly sweepIntervalMs: number;
  private timers: NodeJS.Timeout[] = [];
  private renewing: Promise<unknown> | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: ClaimOptions = {},
  ) {
    this.instanceId = options.instanceId ?? newInstanceId();
    this.timeoutMs = options.timeoutMs ?? CLAIM_TIMEOUT_MS;
    this.sweepIntervalMs = options.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
  }

  /** The claim a submission is stored with by this instance. */
  newClaim(): { by: string; until: number } {
    const { by, until } = this.stamp();
    return { by, until };
  }

  /**
   * Claims every submission nobody holds, oldest first; with `ignoreClaims` (a single-instance
   * database at start: any claim is a previous run's) every unchecked one.
   */
  async claimFree(ignoreClaims = false): Promise<number[]> {
    const claimed: number[] = [];
    for (;;) {
      const ids = await claimFreeSubmissions(this.db, this.stamp(), SWEEP_BATCH, ignoreClaims);
      claimed.push(...ids);
      if (ids.length < SWEEP_BATCH) return claimed;
    }
  }

  /**
   * Renews the claims on what this instance holds (`held`) and sweeps for free submissions
   * (`found` queues them) until `stop`.
   */
  start(held: () => number[], found: (ids: number[]) => void): void {
    this.stopTimers();
    const renew = setInterval(
      () => {
        this.renewing ??= this.renew(held()).finally(() => (this.renewing = undefined));
      },
      Math.max(1, Math.floor(this.timeoutMs / 4)),
    );
    const pass = () =>
      this.claimFree().then(found, (error: unknown) => this.options.onError?.('sweep', error));
    const exclusive = this.options.exclusive ?? ((job: () => Promise<void>) => job());
    const sweep = setInterval(() => {
      this.sweeping ??= exclusive(pass, this.sweepIntervalMs)
        .catch((error: unknown) => this.options.onError?.('sweep', error))
        .finally(() => (this.sweeping = undefined));
    }, this.sweepIntervalMs);
    renew.unref();
    sweep.unref();
    this.timers = [renew, sweep];
  }

  /** Stops renewing and sweeping, and releases the claims on `unchecked` (best effort). */
  async stop(unchecked: number[]): Promise<void> {
    this.stopTimers();
    await Promise.all([this.renewing, this.sweeping]);
    try {
      await releaseSubmissionClaims(this.db, unchecked, this.instanceId);
    } catch (error) {
      // They lapse by themselves after the timeout.
      this.options.onError?.('release', error);
    }
  }

  private async renew(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await renewSubmissionClaims(this.db, ids, this.stamp());
    } catch (error) {
      this.options.onError?.('renew', error);
    }
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private stamp(now = Date.now()): ClaimStamp {
    return { by: this.instanceId, until: now + this.timeoutMs, now };
  }
}
