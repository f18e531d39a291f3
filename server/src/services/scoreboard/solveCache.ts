/**
 * The accepted solves of a game, kept between builds by the scoreboard worker: read in full once,
 * then only what was accepted since (`listAcceptedSince`), so that a build after a burst of solves
 * reads a few rows instead of every solve of the game.
 *
 * Why it stays exact: accepted is final (a submission never leaves it, and rows of deleted teams,
 * challenges or registrations are dropped by the scoring rules, which read those lists anew each
 * build). Each read starts at the first submission that was still unchecked at the previous read
 * (everything before it already had its result), less a margin of ids: on PostgreSQL an insert
 * can commit after a later id, and the margin covers it. A full read every 30 s repairs anything
 * the margin missed.
 */
import type { Kysely } from 'kysely';
import {
  listAcceptedSince,
  listBloodOrders,
  withBloodOrders,
  type AcceptedSolve,
  type ScoreboardSolveRow,
} from '../../db/repositories/scoreboardData.js';
import type { DB } from '../../db/schema.js';
import type { SolvesRead } from './boardBytes.js';

/** Ids read again at each build, for inserts that committed out of order. */
export const REREAD_IDS = 1_000;
/** Longest time between two full reads. */
export const FULL_READ_MS = 30_000;

export interface SolveSource {
  /** The accepted solves made before `endTime`, each with its blood order. */
  read(db: Kysely<DB>, gameId: number, endTime: number): Promise<ScoreboardSolveRow[]>;
}

export class GameSolves implements SolveSource {
  private readonly solves = new Map<number, AcceptedSolve>();
  /** Where the next read starts (an id). */
  private next = 0;
  /** The highest id of an accepted submission read so far. */
  private newest = Number.NEGATIVE_INFINITY;
  private fullAt = Number.NEGATIVE_INFINITY;
  /** How the last read went. */
  lastRead: SolvesRead = { full: true, rows: 0 };
  /** When the cache was last used (the worker forgets games nobody builds any more). */
  usedAt: number;

  constructor(private readonly clock: () => number = Date.now) {
    this.usedAt = clock();
  }

  async read(db: Kysely<DB>, gameId: number, endTime: number): Promise<ScoreboardSolveRow[]> {
    const now = this.clock();
    this.usedAt = now;
    const full = now - this.fullAt >= FULL_READ_MS;
    const [since, orders] = await Promise.all([
      listAcceptedSince(db, gameId, full ? null : this.next),
      listBloodOrders(db, gameId),
    ]);
    if (full) {
      this.solves.clear();
      this.newest = Number.NEGATIVE_INFINITY;
      this.fullAt = now;
    }
    this.lastRead = { full, rows: since.solves.length };
    for (const solve of since.solves) {
      this.solves.set(solve.id, solve);
      if (solve.id > this.newest) this.newest = solve.id;
    }
    // Everything before the first unchecked submission (or after the newest accepted one, when
    // none waits) had its result at this read.
    const settledBefore =
      since.firstUnchecked ?? (Number.isFinite(this.newest) ? this.newest + 1 : 0);
    this.next = settledBefore - REREAD_IDS;
    const counted = [...this.solves.values()].filter((solve) => solve.time < endTime);
    return withBloodOrders(counted, orders);
  }
}
