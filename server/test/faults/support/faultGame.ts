/**
 * The world of a fault test: a data folder the test owns (the SQLite file, or uploads when a
 * PostgreSQL `databaseUrl` is given), with a running game seeded into the database
 * (bench/event/seed.ts: teams with a session each, challenges with static flags, some earlier
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
} from '#bench/event/checks.js';
import { seedGame, type SeededGame } from '#bench/event/seed.js';
import { submitPath, teamHeaders } from '#bench/event/traffic.js';
import { openDatabase, type Database } from '#server/db/database.js';

export interface FaultGame {
  dataDir: string;
  /** PostgreSQL, when the world was seeded there; else SQLite in `dataDir`. */
  databaseUrl?: string;
  game: SeededGame;
  /** The game's counts right after seeding (the baseline of "counted once"). */
  baseline: Counts;
  /** Opens the database (while the server runs, or after it stopped); close it when done. */
  open(): Promise<Database>;
  /** Removes the data folder. */
  remove(): Promise<void>;
}

export interface FaultGameOptions {
  teams?: number;
  challenges?: number;
  /** A fresh PostgreSQL database of the test's own; SQLite when unset. */
  databaseUrl?: string;
}

export async function seedFaultGame(options: FaultGameOptions = {}): Promise<FaultGame> {
  const { teams = 30, challenges = 6, databaseUrl } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'vexil-fault-'));
  const open = () => openDatabase({ dataDir, databaseUrl });
  const database = await open();
  try {
    const game = await seedGame(database.db, {
      tag: 'f',
      teams,
      challenges,
      submissions: teams * 2,
      correctShare: 0.3,
      zipfExponent: 1,
      randomSeed: 13,
    });
    const baseline = await readCounts(database.db, game.id);
    return {
      dataDir,
      databaseUrl,
      game,
      baseline,
      open,
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

/**
 * Submits the right flag for a challenge a team has not solved yet (a change the board shows, so
 * the board is built again); answers the HTTP status and the submission's id.
 */
export async function submitNewSolve(
  baseUrl: string,
  world: FaultGame,
): Promise<{ status: number; id: number }> {
  const database = await world.open();
  let unsolved: { participation_id: number; challenge_id: number } | undefined;
  try {
    unsolved = await database.db
      .selectFrom('game_instances')
      .select(['participation_id', 'challenge_id'])
      .where('is_solved', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  } finally {
    await database.close();
  }
  if (!unsolved) throw new Error('Every team has solved every challenge: seed more');
  const team = world.game.teams.find((t) => t.participationId === unsolved.participation_id)!;
  const challenge = world.game.challenges.find((c) => c.id === unsolved.challenge_id)!;
  const response = await fetch(`${baseUrl}${submitPath(world.game.id, challenge.id)}`, {
    method: 'POST',
    headers: teamHeaders(team),
    body: JSON.stringify({ flag: challenge.flag }),
  });
  return { status: response.status, id: Number(await response.text()) };
}
