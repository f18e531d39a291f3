/**
 * Whether the database works right now, told by the queries themselves (dialects/observed.ts)
 * and by whoever else meets a failure (the error handler, the flag checker): a failure that is a
 * storage fault (faults.ts) opens an outage, logged in one line however many requests and checks
 * fail during it; a query that started after that and succeeded closes it, logged in one line
 * with how long it lasted. While PostgreSQL is unreachable a probe asks it every second, so the
 * outage ends within a second of the database coming back even when nobody is asking.
 *
 * A busy or full database still reads: only a write that succeeds ends those outages (and every
 * outage on SQLite, where a read proves nothing about the file's lock or free space). A nearly
 * full disk lets some writes through and not others, so a busy or full outage ends only with a
 * write, once a few seconds have passed without a failure: one line per episode, not per write.
 * An unreachable database ends the same way after its first success: a restarted PostgreSQL
 * answers the probe while connections from before the restart are still failing one by one, and
 * those belong to the same outage.
 */
import { faultMessage, storageFault, type StorageFault } from './faults.js';

export interface HealthLogger {
  info(msg: string): void;
  warn(msg: string): void;
}

export interface Outage {
  fault: StorageFault;
  /** `performance.now()` when it began. */
  since: number;
  /** `performance.now()` of its latest failure. */
  lastFailure: number;
  /** A write went through after the latest failure (busy or full: it ends after a quiet spell). */
  mended: boolean;
  /** Requests answered 503 or 507 because of it. */
  refused: number;
}

export interface DatabaseHealthOptions {
  /** A successful read ends an unreachable-database outage (PostgreSQL); else only a write does. */
  readsProveRecovery: boolean;
  probeIntervalMs?: number;
  /** How long the database must go without a failure, after a success, before it counts as mended. */
  quietMs?: number;
}

const PROBE_INTERVAL_MS = 1000;
const QUIET_MS = 2000;

const headline: Record<StorageFault, string> = {
  unreachable: 'The database is unreachable',
  busy: 'The database is busy',
  full: 'The storage is full',
};

export class DatabaseHealth {
  private outage: Outage | null = null;
  private log: HealthLogger | undefined;
  private probe: (() => Promise<unknown>) | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private quietTimer: NodeJS.Timeout | undefined;
  private readonly recoveredListeners = new Set<() => void>();

  constructor(private readonly options: DatabaseHealthOptions) {}

  /** Where the outage lines go (the app's logger once it exists). */
  useLogger(log: HealthLogger | undefined): void {
    this.log = log;
  }

  /** The query run every second while the database is unreachable. */
  useProbe(probe: () => Promise<unknown>): void {
    this.probe = probe;
  }

  /** Calls `listener` whenever an outage ends (the flag checker retries at once). */
  onRecovered(listener: () => void): () => void {
    this.recoveredListeners.add(listener);
    return () => void this.recoveredListeners.delete(listener);
  }

  /** The outage in progress, or null while the database works. */
  get current(): Outage | null {
    return this.outage;
  }

  /**
   * Reports a failure: answers its fault (and counts it in the outage, opening one if needed),
   * or null when it is not a storage fault (a bug or a constraint: the caller deals with it).
   */
  failed(error: unknown): StorageFault | null {
    const fault = storageFault(error);
    if (!fault) return null;
    if (this.outage) {
      this.outage.lastFailure = performance.now();
      this.outage.mended = false;
      // An unreachable database is the worse news: say so once if a busy one becomes that.
      if (fault === 'unreachable' && this.outage.fault !== 'unreachable') {
        this.outage.fault = fault;
        this.log?.warn(`${headline[fault]} (${faultMessage(error)})`);
        this.startProbe();
      }
      return fault;
    }
    const now = performance.now();
    this.outage = { fault, since: now, lastFailure: now, mended: false, refused: 0 };
    this.log?.warn(
      `${headline[fault]} (${faultMessage(error)}); requests answer ${fault === 'full' ? 507 : 503} until it recovers`,
    );
    if (fault === 'unreachable') this.startProbe();
    return fault;
  }

  /** A request was answered 503 or 507 because of the outage in progress. */
  refused(): void {
    if (this.outage) this.outage.refused++;
  }

  /** A query that started at `startedAt` (`performance.now()`) succeeded. */
  succeeded(startedAt: number, wrote: boolean): void {
    const outage = this.outage;
    if (!outage || startedAt < outage.since) return;
    const proves =
      outage.fault === 'unreachable' ? wrote || this.options.readsProveRecovery : wrote;
    if (!proves || startedAt < outage.lastFailure) return;
    outage.mended = true;
    this.endWhenQuiet(outage);
  }

  /** Stops the probe and timers (the database is being closed). */
  close(): void {
    this.stopProbe();
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
  }

  private end(outage: Outage): void {
    this.outage = null;
    this.stopProbe();
    const seconds = ((performance.now() - outage.since) / 1000).toFixed(1);
    this.log?.info(
      `The database works again after ${seconds} s (${outage.refused} requests answered ${outage.fault === 'full' ? 507 : 503} meanwhile)`,
    );
    for (const listener of this.recoveredListeners) listener();
  }

  /** Ends a mended outage once no failure came for the quiet spell. */
  private endWhenQuiet(outage: Outage): void {
    if (this.quietTimer) return;
    const quietMs = this.options.quietMs ?? QUIET_MS;
    const wait = Math.max(0, outage.lastFailure + quietMs - performance.now());
    this.quietTimer = setTimeout(() => {
      this.quietTimer = undefined;
      if (this.outage !== outage || !outage.mended) return;
      if (performance.now() - outage.lastFailure < quietMs) this.endWhenQuiet(outage);
      else this.end(outage);
    }, wait);
    this.quietTimer.unref();
  }

  private startProbe(): void {
    if (this.probeTimer || !this.probe) return;
    const probe = this.probe;
    this.probeTimer = setInterval(() => {
      // Its success or failure reaches the health through the query itself (observed.ts).
      probe().catch(() => {});
    }, this.options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private stopProbe(): void {
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }
}
