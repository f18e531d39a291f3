/**
 * A team's container creates take turns across every instance on the database (issue 16): the
 * team limit is checked against the team's containers before one is launched, so two challenges
 * started at once (through one instance or two) would both pass it unless the second waits for
 * the first. The turn is a lease on the team's participation (migration 0010):
 *
 * - taken by a conditional UPDATE (free, or its holder's lapsed), by a token unique to the request;
 * - renewed every quarter of its time while the create runs (an image pull or a swarm task start
 *   may take long), and given back when it ends, whatever the outcome;
 * - lapsing by itself `ttlMs` after its last renewal when its holder died or lost the database,
 *   so a killed instance blocks the team's creates for that long at most;
 * - waited for with a short growing pause up to `waitMs`; then the request is refused with 429
 *   and `Retry-After` (the team's other create is still running), never left hanging.
 *
 * The same code serves one instance or several, on SQLite and PostgreSQL alike.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import {
  releaseContainerLease,
  renewContainerLease,
  takeContainerLease,
  type LeaseStamp,
} from '../../db/repositories/containerLeases.js';
import type { DB } from '../../db/schema.js';
import { newInstanceId } from '../cluster/instanceId.js';
import { teamBusyRefusal } from './errors.js';

/** How long a lease lasts unless renewed: how long a dead holder blocks its team's creates. */
export const TEAM_LEASE_TTL_MS = 20_000;
/** How long a request waits for the team's other create before it is refused. */
export const TEAM_LEASE_WAIT_MS = 30_000;
/** The first pause between two tries, doubled each time up to the last. */
const FIRST_PAUSE_MS = 25;
const LAST_PAUSE_MS = 500;
/** What a refused request is told to wait (the other create has run for `waitMs` already). */
const BUSY_RETRY_AFTER_SECONDS = 5;

export interface TeamLeaseOptions {
  /** Names this instance in the leases it holds; a new one unless given. */
  instanceId?: string;
  ttlMs?: number;
  waitMs?: number;
  /** Told when a renewal or release failed, or a lease lapsed while its create still ran. */
  onTrouble?: (
    problem: 'renew' | 'release' | 'lost',
    participationId: number,
    error?: unknown,
  ) => void;
}

export class TeamContainerLease {
  readonly instanceId: string;
  readonly ttlMs: number;
  readonly waitMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: TeamLeaseOptions = {},
  ) {
    this.instanceId = options.instanceId ?? newInstanceId();
    this.ttlMs = options.ttlMs ?? TEAM_LEASE_TTL_MS;
    this.waitMs = options.waitMs ?? TEAM_LEASE_WAIT_MS;
  }

  /** Runs `work` holding the team's lease, waiting for it up to `waitMs`. */
  async hold<T>(participationId: number, work: () => Promise<T>): Promise<T> {
    const by = `${this.instanceId}:${randomBytes(6).toString('hex')}`;
    await this.take(participationId, by);
    let renewing: Promise<void> | undefined;
    const renew = setInterval(
      () => {
        renewing ??= this.renew(participationId, by, () => clearInterval(renew)).finally(
          () => (renewing = undefined),
        );
      },
      Math.max(1, Math.floor(this.ttlMs / 4)),
    );
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await renewing;
      // Unreachable: the lease lapses by itself after `ttlMs`.
      await releaseContainerLease(this.db, participationId, by).catch((error: unknown) =>
        this.options.onTrouble?.('release', participationId, error),
      );
    }
  }

  private async take(participationId: number, by: string): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      if (await takeContainerLease(this.db, participationId, this.stamp(by))) return;
      const left = deadline - Date.now();
      if (left <= 0) throw teamBusyRefusal(BUSY_RETRY_AFTER_SECONDS);
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, LAST_PAUSE_MS);
    }
  }

  /** Renews the lease; once another request took it over, says so once and stops (`lost`). */
  private async renew(participationId: number, by: string, lost: () => void): Promise<void> {
    try {
      if (!(await renewContainerLease(this.db, participationId, this.stamp(by)))) {
        lost();
        this.options.onTrouble?.('lost', participationId);
      }
    } catch (error) {
      this.options.onTrouble?.('renew', participationId, error);
    }
  }

  private stamp(by: string, now = Date.now()): LeaseStamp {
    return { by, until: now + this.ttlMs, now };
  }
}
