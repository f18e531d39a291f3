/**
 * The event scenario on one database, phase by phase: seed, start Vexil in its own process, then
 * (full mode) /api/config and the board GET against bare servers, the sustained submission run
 * with its drain and correctness checks, solve → board probes and the board GET while ~200
 * submissions/s run, the POST comparison at a 200-team game, and the final checks. The CI test
 * runs the correctness mode: only the submission run, a few probes and the checks, at small size.
 * Figures are returned, never asserted.
 */
import { seededRandom } from './random.js';
import type { BenchDatabase } from './database.js';
import {
  checkBoard,
  checkCountedOnce,
  lostSubmissions,
  readCounts,
  uncheckedCount,
  waitDrained,
  type BoardCheck,
  type CountedOnce,
  type Drain,
  type Lost,
} from './checks.js';
import {
  compareBoard,
  compareConfig,
  comparePost,
  measureBoard,
  phase,
  type BoardCapture,
  type BoardEncoding,
  type Compared,
} from './comparisons.js';
import { submissions, type Throughput } from './load.js';
import { checkMechanics, lastSubmissionId, type MechanicsCheck } from './mechanicsCheck.js';
import type { EventOptions } from './options.js';
import { seedGame, type SeededGame } from './seed.js';
import { probeSolves, type SolveProbes } from './solveProbe.js';
import { startVexil, type ProbeSample, type VexilServer } from './vexilProcess.js';

export interface SubmissionRun {
  load: Throughput;
  server: ProbeSample;
  /** Unchecked submissions when the load stopped. */
  backlog: number;
  drain: Drain;
  drainServer: ProbeSample;
  /** Submissions of the run checked, per second from the load's start to the drain's end. */
  checkedPerSecond: number;
  lost: Lost;
  countedOnce: CountedOnce;
  board: BoardCheck;
}

export interface FinalChecks {
  drain: Drain;
  lost: Lost;
  answered: number;
  countedOnce: CountedOnce;
  board: BoardCheck;
  /** The game mechanics variant only: that its rules were exercised. */
  mechanics?: MechanicsCheck;
}

export interface EventResults {
  database: string;
  options: EventOptions;
  seedSeconds: number;
  seededSubmissions: number;
  teams: number;
  submissions: SubmissionRun;
  solveToBoard: { probes: SolveProbes; server: ProbeSample; backgroundPerSecond: number };
  config?: Compared;
  board?: {
    capture: Omit<BoardCapture, 'variants'>;
    alone: Record<BoardEncoding, Compared>;
    notModified: Compared | null;
    underLoad: Record<BoardEncoding, Compared & { backgroundPerSecond: number }>;
  };
  post?: Compared & { teams: number; lost: Lost };
  final: FinalChecks;
}

export interface ScenarioOptions {
  mode: 'full' | 'correctness';
  log?: (line: string) => void;
}

/** Runs `work` while submissions arrive at about `rate`/s in the background. */
async function withBackground<T>(
  vexil: VexilServer,
  game: SeededGame,
  options: EventOptions,
  seed: number,
  answeredIds: number[],
  work: () => Promise<T>,
): Promise<{ value: T; backgroundPerSecond: number }> {
  const background = submissions(
    vexil.url,
    game,
    {
      seconds: 3600,
      connections: Math.min(16, options.backgroundRate),
      rate: options.backgroundRate,
      correctShare: options.correctShare,
      zipfExponent: options.zipfExponent,
      randomSeed: seed,
    },
    answeredIds,
  );
  let value: T;
  try {
    value = await work();
  } finally {
    background.stop();
  }
  return { value, backgroundPerSecond: (await background.done).perSecond };
}

export async function runEventScenario(
  bench: BenchDatabase,
  options: EventOptions,
  scenario: ScenarioOptions,
): Promise<EventResults> {
  const log = scenario.log ?? (() => {});
  const full = scenario.mode === 'full';
  const db = bench.database.db;
  const load = {
    correctShare: options.correctShare,
    zipfExponent: options.zipfExponent,
  };

  log(
    `seeding ${options.teams} teams × ${options.challenges} challenges, ${options.submissions} submissions`,
  );
  const game = await seedGame(db, {
    tag: 'a',
    ...options,
    randomSeed: options.randomSeed,
    // Enough never-solved pairs for every probe, however fast the run solves the rest.
    heldBackTeams: Math.ceil(options.probes / options.challenges),
  });
  log(`seeded in ${game.seedSeconds.toFixed(1)} s`);
  const postGame = full
    ? await seedGame(db, {
        tag: 'b',
        ...options,
        teams: options.postTeams,
        submissions: Math.round((options.submissions * options.postTeams) / options.teams),
        randomSeed: options.randomSeed + 1,
      })
    : null;
  const baseline = await readCounts(db, game.id);
  const seededUpTo = await lastSubmissionId(db);
  const postBaseline = postGame ? await readCounts(db, postGame.id) : null;

  const vexil = await startVexil({ dataDir: bench.dataDir, databaseUrl: bench.databaseUrl });
  const answeredIds: number[] = [];
  const postAnswered: number[] = [];
  try {
    await fetch(`${vexil.url}/api/game/${game.id}/scoreboard`).then((r) => r.arrayBuffer());
    const timing = { seconds: options.getSeconds, connections: options.connections };
    let config: Compared | undefined;
    let boardAlone: Awaited<ReturnType<typeof compareBoard>> | undefined;
    if (full) {
      log('GET /api/config vs bare Fastify');
      config = await compareConfig(vexil, timing);
      log('GET scoreboard vs bare node:http');
      boardAlone = await compareBoard(vexil, game.id, timing);
    }

    log(`submissions: ${options.submitSeconds} s at ${options.inFlight} in flight`);
    const run = await submissionRun(vexil, db, game, options, baseline, answeredIds);

    log(`solve → board: ${options.probes} probes at ~${options.backgroundRate} submissions/s`);
    const solve = await withBackground(
      vexil,
      game,
      options,
      options.randomSeed + 20,
      answeredIds,
      () =>
        phase(vexil, () =>
          probeSolves(vexil.url, db, game, {
            probes: options.probes,
            random: seededRandom(options.randomSeed + 30),
            timeoutMs: options.probeTimeoutSeconds * 1000,
          }),
        ),
    );

    let board: EventResults['board'];
    let post: EventResults['post'];
    if (full && boardAlone) {
      const underLoad = {} as Record<BoardEncoding, Compared & { backgroundPerSecond: number }>;
      for (const encoding of ['identity', 'compressed'] as BoardEncoding[]) {
        log(`GET scoreboard (${encoding}) at ~${options.backgroundRate} submissions/s`);
        const measured = await withBackground(
          vexil,
          game,
          options,
          options.randomSeed + 40,
          answeredIds,
          () => phase(vexil, () => measureBoard(vexil.url, game.id, encoding, timing)),
        );
        underLoad[encoding] = {
          vexil: measured.value.value,
          bare: boardAlone.alone[encoding].bare,
          server: measured.value.server,
          backgroundPerSecond: measured.backgroundPerSecond,
        };
      }
      await boardAlone.bare.stop();
      const { capture, alone, notModified } = boardAlone;
      board = {
        capture: {
          bytes: capture.bytes,
          contentEncoding: capture.contentEncoding,
          etag: capture.etag,
          revalidatedStatus: capture.revalidatedStatus,
        },
        alone,
        notModified,
        underLoad,
      };
    }
    if (full && postGame && postBaseline) {
      log(
        `POST flag at ${options.postTeams} teams, ${options.connections} connections vs bare Fastify`,
      );
      const compared = await comparePost(
        vexil,
        postGame,
        timing,
        { ...load, randomSeed: options.randomSeed + 50 },
        postAnswered,
      );
      await waitDrained(db, options.drainSeconds);
      post = {
        ...compared,
        teams: options.postTeams,
        lost: await lostSubmissions(db, postAnswered),
      };
    }

    log('final checks');
    const drain = await waitDrained(db, options.drainSeconds);
    const final: FinalChecks = {
      drain,
      answered: answeredIds.length,
      lost: await lostSubmissions(db, answeredIds),
      countedOnce: await checkCountedOnce(db, game.id, baseline),
      board: await checkBoard(vexil.url, db, game),
      mechanics: options.mechanics
        ? await checkMechanics(vexil.url, db, game, seededUpTo)
        : undefined,
    };
    if (postGame && postBaseline) {
      const counted = await checkCountedOnce(db, postGame.id, postBaseline);
      const boardCheck = await checkBoard(vexil.url, db, postGame);
      final.countedOnce.ok &&= counted.ok;
      final.board.mismatchedTeams += boardCheck.mismatchedTeams;
    }
    return {
      database: bench.kind === 'postgres' ? 'PostgreSQL' : 'SQLite',
      options,
      seedSeconds: game.seedSeconds,
      seededSubmissions: game.submissions,
      teams: game.teams.length,
      submissions: run,
      solveToBoard: {
        probes: solve.value.value,
        server: solve.value.server,
        backgroundPerSecond: solve.backgroundPerSecond,
      },
      config,
      board,
      post,
      final,
    };
  } finally {
    await vexil.stop();
  }
}

/** The sustained run, its drain, and the checks right after it. */
async function submissionRun(
  vexil: VexilServer,
  db: BenchDatabase['database']['db'],
  game: SeededGame,
  options: EventOptions,
  baseline: Awaited<ReturnType<typeof readCounts>>,
  answeredIds: number[],
): Promise<SubmissionRun> {
  const ids: number[] = [];
  const began = performance.now();
  const { value: loadFigures, server } = await phase(
    vexil,
    () =>
      submissions(
        vexil.url,
        game,
        {
          seconds: options.submitSeconds,
          connections: options.inFlight,
          correctShare: options.correctShare,
          zipfExponent: options.zipfExponent,
          randomSeed: options.randomSeed + 10,
        },
        ids,
      ).done,
  );
  const loadSeconds = (performance.now() - began) / 1000;
  const backlog = await uncheckedCount(db);
  const drained = await phase(vexil, () => waitDrained(db, options.drainSeconds));
  const elapsed = loadSeconds + drained.value.seconds;
  const checkedNow = await readCounts(db, game.id);
  // One by one: spreading a run's ids (over 100,000 on a quiet machine) overflows the stack.
  for (const id of ids) answeredIds.push(id);
  return {
    load: loadFigures,
    server,
    backlog,
    drain: drained.value,
    drainServer: drained.server,
    checkedPerSecond: (checkedNow.checked - baseline.checked) / elapsed,
    lost: await lostSubmissions(db, ids),
    countedOnce: await checkCountedOnce(db, game.id, baseline),
    board: await checkBoard(vexil.url, db, game),
  };
}
