/**
 * The world of a fault test: a SQLite data folder the test owns, with a running game seeded into
 * it (bench/event/seed.ts: teams with a session each, challenges with static flags, some earlier
 * submissions), and the checks that must hold afterwards, read from the same database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkCountedOnce,
  lostSubmissions,
  readCounts,
  waitDrained,
  type Counts,
} from '../../../../bench/event/checks.js';
import { seedGame, type SeededGame } from '../../../../bench/event/seed.js';
import { openDatabase, type Database } from '../../../src/db/database.js';

export interface FaultGame {
  dataDir: string;
  game: SeededGame;
  /** The game's counts right after seeding (the baseline of "counted once"). */
  baseline: Counts;
  /** Opens the database (while the server runs, or after it stopped); close it when done. */
  open(): Promise<Database>;
  /** Removes the data folder. */
  remove(): Promise<void>;
}

export async function seedFaultGame(size = { teams: 30, challenges: 6 }): Promise<FaultGame> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vexil-fault-'));
  const database = await openDatabase({ dataDir });
  try {
    const game = await seedGame(database.db, {
      tag: 'f',
      teams: size.teams,
      challenges: size.challenges,
      submissions: size.teams * 2,
      correctShare: 0.3,
      zipfExponent: 1,
      randomSeed: 13,
    });
    const baseline = await readCounts(database.db, game.id);
    return {
      dataDir,
      game,
      baseline,
      open: () => openDatabase({ dataDir }),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}

export interface Accounted {
  drained: boolean;
  /** Answered 200 but missing or never checked (or one id answered twice). */
  lost: number;
  missing: number;
  countedOnce: boolean;
}

/**
 * Every submission answered 200 is stored and checked, and every checked one is counted exactly
 * once (waits, bounded, for the checker of a running server to drain its queue).
 */
export async function accountFor(
  world: FaultGame,
  answeredIds: number[],
  drainSeconds = 60,
): Promise<Accounted> {
  const database = await world.open();
  try {
    const drain = await waitDrained(database.db, drainSeconds, 500);
    const lost = await lostSubmissions(database.db, answeredIds);
    const counted = await checkCountedOnce(database.db, world.game.id, world.baseline);
    return { drained: drain.drained, ...lost, countedOnce: counted.ok };
  } finally {
    await database.close();
  }
}
