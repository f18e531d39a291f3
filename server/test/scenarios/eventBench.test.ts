// The event bench's scenario (issue 12, `npm run bench -- event`) at small size, so CI runs the
// same code on every push: a seeded running game, Vexil in its own process, flag submissions from
// every team at once, then the checks. Only correctness is asserted — no answered submission lost
// or left unchecked, each checked submission and each solving team counted exactly once, a board
// that lists exactly the solved challenges, and solves that reach the board — never a timing.
// A second case runs the game mechanics variant (issue 25: prerequisites, attempt limits, pattern
// and case-insensitive flags, priced hints, awards), so its seed is proven to hold the same.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { eventOptionsFromEnv, type EventOptions } from '#bench/event/options.js';
import { runEventScenario } from '#bench/event/scenario.js';
import { describeEachDatabase, type TestDatabase } from '../support/databases.js';

const SMALL: EventOptions = {
  ...eventOptionsFromEnv({}),
  teams: 50,
  challenges: 10,
  submissions: 2000,
  submitSeconds: 10,
  inFlight: 16,
  probes: 3,
  // A bound, not a speed target: a solve that never reaches the board fails the test.
  probeTimeoutSeconds: 30,
  backgroundRate: 50,
  drainSeconds: 90,
};

/** The scenario on the suite's database (one game per database: each case has its own suite). */
async function run(getDb: () => TestDatabase, options: EventOptions) {
  const database = getDb();
  const { dataDir: sqliteDir, databaseUrl } = database.openOptions;
  // On PostgreSQL the server still wants a data folder (uploads); the database is the test's.
  const dataDir = databaseUrl ? await mkdtemp(join(tmpdir(), 'vexil-event-')) : sqliteDir;
  try {
    const results = await runEventScenario(
      { kind: database.dialect, database, dataDir, databaseUrl, close: async () => {} },
      options,
      { mode: 'correctness' },
    );
    expectCorrect(results);
    return results;
  } finally {
    if (databaseUrl) await rm(dataDir, { recursive: true, force: true });
  }
}

describeEachDatabase('event bench at small size', (getDb) => {
  it('loses no submission, counts each once and shows exactly the solves', async () => {
    const results = await run(getDb, SMALL);
    expect(results.final.mechanics).toBeUndefined();
  }, 240_000);
});

describeEachDatabase('event bench at small size, game mechanics variant', (getDb) => {
  it('holds the same, and the load goes through the rules', async () => {
    // Half the sustained run: CI has 2 cores, and the checks need only some of each kind.
    const results = await run(getDb, { ...SMALL, submitSeconds: 5, mechanics: true });
    // No submission refused by a lock or a limit: every one answered 200.
    expect(results.submissions.load.unexpected).toBe(0);
    const mechanics = results.final.mechanics!;
    expect(mechanics.acceptedByMode.Regex).toBeGreaterThan(0);
    expect(mechanics.acceptedByMode.CaseInsensitive).toBeGreaterThan(0);
    expect(mechanics.limitedSubmissions).toBeGreaterThan(0);
    expect(mechanics).toMatchObject({
      // Every third team unlocked the hint, every twentieth has an award (plan.ts).
      rowsWithHintPrices: Math.ceil(SMALL.teams / 3),
      rowsWithAwards: Math.ceil(SMALL.teams / 20),
      mismatchedTeams: 0,
    });
  }, 240_000);
});

function expectCorrect(results: Awaited<ReturnType<typeof runEventScenario>>) {
  const run = results.submissions;
  expect(run.load.answered).toBeGreaterThan(0);
  expect(run.drain.drained).toBe(true);
  expect(run.lost).toEqual({ lost: 0, missing: 0 });
  expect(run.countedOnce).toMatchObject({
    ok: true,
    submissionCountGrowth: run.countedOnce.checkedGrowth,
    acceptedCountMismatches: 0,
    solveOrderMismatches: 0,
    solvedPairMismatches: 0,
  });
  expect(run.board).toMatchObject({ mismatchedTeams: 0, teams: SMALL.teams });
  expect(results.solveToBoard.probes).toMatchObject({ timedOut: 0 });
  expect(results.solveToBoard.probes.samplesMs).toHaveLength(SMALL.probes);
  expect(results.final).toMatchObject({
    drain: { drained: true },
    lost: { lost: 0, missing: 0 },
    countedOnce: { ok: true },
    board: { mismatchedTeams: 0 },
  });
}
