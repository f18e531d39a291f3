// The event bench's scenario (issue 12, `npm run bench -- event`) at small size, so CI runs the
// same code on every push: a seeded running game, Vexil in its own process, flag submissions from
// every team at once, then the checks. Only correctness is asserted — no answered submission lost
// or left unchecked, each checked submission and each solving team counted exactly once, a board
// that lists exactly the solved challenges, and solves that reach the board — never a timing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { eventOptionsFromEnv, type EventOptions } from '#bench/event/options.js';
import { runEventScenario } from '#bench/event/scenario.js';
import { describeEachDatabase } from '../support/databases.js';

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

describeEachDatabase('event bench at small size', (getDb) => {
  it('loses no submission, counts each once and shows exactly the solves', async () => {
    const database = getDb();
    const { dataDir: sqliteDir, databaseUrl } = database.openOptions;
    // On PostgreSQL the server still wants a data folder (uploads); the database is the test's.
    const dataDir = databaseUrl ? await mkdtemp(join(tmpdir(), 'vexil-event-')) : sqliteDir;
    try {
      const results = await runEventScenario(
        { kind: database.dialect, database, dataDir, databaseUrl, close: async () => {} },
        SMALL,
        { mode: 'correctness' },
      );
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
    } finally {
      if (databaseUrl) await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
