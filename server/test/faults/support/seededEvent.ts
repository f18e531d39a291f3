/**
 * The event a fault test runs: a game under way seeded straight into the database (the event
 * bench's seed: teams with sessions, challenges with static flags, a few earlier submissions
 * already checked), and what must hold once the load is over and the checker has drained: every
 * acknowledged submission stored and checked, each checked submission counted exactly once on its
 * challenge (and with exactly one FlagSubmit event), each solving team once, nothing left
 * `FlagSubmitted`.
 */
import { sql } from 'kysely';
import {
  checkCountedOnce,
  lostSubmissions,
  readCounts,
  waitDrained,
  type Counts,
} from '#bench/event/checks.js';
import { seedGame, type SeededGame } from '#bench/event/seed.js';
import { openDatabase, type OpenDatabaseOptions } from '#server/db/database.js';
import type { Acknowledged } from './acknowledgedLoad.js';

export interface SeededEvent {
  game: SeededGame;
  /** The counts before the load. */
  baseline: Counts;
}

/** Migrates the database and seeds a small running game into it. */
export async function seedEvent(storage: OpenDatabaseOptions): Promise<SeededEvent> {
  const database = await openDatabase(storage);
  try {
    const game = await seedGame(database.db, {
      tag: 'f',
      teams: 20,
      challenges: 6,
      submissions: 30,
      correctShare: 0.3,
      zipfExponent: 1,
      randomSeed: 7,
    });
    return { game, baseline: await readCounts(database.db, game.id) };
  } finally {
    await database.close();
  }
}

export interface Settled {
  /** The checker drained: nothing left `FlagSubmitted` in the whole database. */
  drained: boolean;
  /** Acknowledged ids missing from the database or never checked (or acknowledged twice). */
  lost: number;
  /** Checked submissions whose counters or events do not add up to exactly once. */
  countedOnce: boolean;
  /** Checked submissions of the game since the baseline, and FlagSubmit events since then. */
  checked: number;
  flagSubmitEvents: number;
}

/** Waits (bounded) for the checker to drain, then reads what must hold. */
export async function settledEvent(
  storage: OpenDatabaseOptions,
  event: SeededEvent,
  acknowledged: Acknowledged[],
): Promise<Settled> {
  const database = await openDatabase(storage);
  try {
    const { db } = database;
    const drain = await waitDrained(db, 60);
    const lost = await lostSubmissions(
      db,
      acknowledged.map((a) => a.id),
    );
    const counted = await checkCountedOnce(db, event.game.id, event.baseline);
    const events = await db
      .selectFrom('game_events')
      .select(sql<number>`count(*)`.as('n'))
      .where('game_id', '=', event.game.id)
      .where('type', '=', 'FlagSubmit')
      .executeTakeFirstOrThrow();
    return {
      drained: drain.drained,
      lost: lost.lost,
      countedOnce: counted.ok,
      checked: counted.checkedGrowth,
      // the seed wrote one FlagSubmit event per earlier submission
      flagSubmitEvents: Number(events.n) - event.baseline.checked,
    };
  } finally {
    await database.close();
  }
}
