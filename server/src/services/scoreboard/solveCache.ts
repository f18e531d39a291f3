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

/**
 * A kept row, made by one constructor so that every row has one hidden class from the start:
 * rows kept for minutes and updated in place otherwise ended up several times slower to walk
 * than fresh copies of them (measured: the scoring of 30,000 solves 26–45 ms against 5 ms).
 */
class SolveRow implements ScoreboardSolveRow {
  constructor(
    readonly id: number,
    readonly participationId: number,
    readonly challengeId: number,
    readonly userName: string | null,
    readonly time: number,
    public solveOrder: number | null,
  ) {}
}

// a solve by a deleted account has no name on the board
const solveRow = (solve: AcceptedSolve): SolveRow =>
  new SolveRow(
    solve.id,
    solve.participationId,
    solve.challengeId,
    solve.userName || null,
    solve.time,
    null,
  );

const byTime = (a: ScoreboardSolveRow, b: ScoreboardSolveRow) => a.time - b.time || a.id - b.id;

/** Two lists in time order as one. */
function mergeByTime(
  kept: readonly ScoreboardSolveRow[],
  added: readonly ScoreboardSolveRow[],
): ScoreboardSolveRow[] {
  const merged: ScoreboardSolveRow[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length && j < added.length) {
    merged.push(byTime(kept[i], added[j]) <= 0 ? kept[i++] : added[j++]);
  }
  while (i < kept.length) merged.push(kept[i++]);
  while (j < added.length) merged.push(added[j++]);
  return merged;
}

export class GameSolves implements SolveSource {
  /**
   * The rows handed to the builds, by id. They are kept and updated in place (only a solve order
   * changes, and only for the first three solvers of a challenge), so that a build after a
   * burst of solves allocates a few rows instead of every solve of the game again.
   */
  private readonly solves = new Map<number, ScoreboardSolveRow>();
  /** Rows given a solve order at the last read. */
  private ordered: ScoreboardSolveRow[] = [];
  /**
   * The rows in time order (then id), as the scoring walks them: kept sorted, so that the
   * scoring's own sort finds them in order (a pass instead of a sort of the whole game).
   */
  private list: ScoreboardSolveRow[] = [];
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
    const added: ScoreboardSolveRow[] = [];
    for (const solve of since.solves) {
      if (solve.id > this.newest) this.newest = solve.id;
      // Read again within the margin: accepted is final, the row kept is the same.
      if (this.solves.has(solve.id)) continue;
      const row = solveRow(solve);
      this.solves.set(solve.id, row);
      added.push(row);
    }
    if (full) this.list = added.sort(byTime);
    else if (added.length > 0) this.list = mergeByTime(this.list, added.sort(byTime));
    // Everything before the first unchecked submission (or after the newest accepted one, when
    // none waits) had its result at this read.
    const settledBefore =
      since.firstUnchecked ?? (Number.isFinite(this.newest) ? this.newest + 1 : 0);
    this.next = settledBefore - REREAD_IDS;
    this.applyOrders(orders);
    // Solves at or after the end are kept (the end may move) but do not count.
    return this.list.some((solve) => solve.time >= endTime)
      ? this.list.filter((solve) => solve.time < endTime)
      : this.list;
  }

  /** Sets the solve orders read now, and clears the ones no longer read. */
  private applyOrders(orders: ReadonlyMap<number, ReadonlyMap<number, number>>): void {
    for (const row of this.ordered) row.solveOrder = null;
    this.ordered = [];
    for (const row of this.list) {
      const order = orders.get(row.participationId)?.get(row.challengeId);
      if (order === undefined) continue;
      row.solveOrder = order;
      this.ordered.push(row);
    }
  }
}
