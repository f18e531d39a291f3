/**
 * Whether the database works right now, told by the queries themselves (dialects/observed.ts)
 * and by whoever else meets a failure (the error handler, the flag checker): a failure that is a
 * storage fault (faults.ts) opens an outage, logged in one line however many requests and checks
 * fail during it; a query that started after that and succeeded closes it, logged in one line
 * with how long it lasted. While PostgreSQL is unreachable a probe asks it every second, so the
 * outage ends within a second of the database coming back even when nobody is asking.
 *
 * A busy or full database still reads: only a write that succeeds ends those outages (and every
 * outage on SQLite, where a read proves nothing about the file's lock or free space).
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
  /** Requests answered 503 or 507 because of it. */
  refused: number;
}

export interface DatabaseHealthOptions {
  /** A successful read ends an unreachable-database outage (PostgreSQL); else only a write does. */
  readsProveRecovery: boolean;
  probeIntervalMs?: number;
}

const PROBE_INTERVAL_MS = 1000;

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
      // An unreachable database is the worse news: say so once if a busy one becomes that.
      if (fault === 'unreachable' && this.outage.fault !== 'unreachable') {
        this.outage.fault = fault;
        this.log?.warn(`${headline[fault]} (${faultMessage(error)})`);
        this.startProbe();
      }
      return fault;
    }
    this.outage = { fault, since: performance.now(), refused: 0 };
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
    const readEnough = this.options.readsProveRecovery && outage.fault === 'unreachable';
    if (!wrote && !readEnough) return;
    this.outage = null;
    this.stopProbe();
    const seconds = ((performance.now() - outage.since) / 1000).toFixed(1);
    this.log?.info(
      `The database works again after ${seconds} s (${outage.refused} requests answered ${outage.fault === 'full' ? 507 : 503} meanwhile)`,
    );
    for (const listener of this.recoveredListeners) listener();
  }

  /** Stops the probe (the database is being closed). */
  close(): void {
    this.stopProbe();
  }

  private startProbe(): void {
    if (this.probeTimer || !this.probe) return;
    const probe = this.probe;
    this.probeTimer = setInterval(() => {
      // Failures and success reach `observe` through the query itself.
      probe().catch(() => {});
    }, this.options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private stopProbe(): void {
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }
}
