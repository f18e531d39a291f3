/**
 * `npm run bench -- hubs [--sockets N] [--instances K] [--seconds S] …` (options.ts): Vexil's
 * live pushes to many sockets (issue 24). Seeds a running game (bench/event's seed, 1,000 teams,
 * plus an admin and a monitor), starts the load generator's workers, then measures, with the same
 * sockets and the same pushes, first the bare reference (bareHub.ts) and then Vexil (one instance,
 * or a cluster behind nginx). Prints a markdown table (report.ts); BENCH_OUTPUT=<file> also
 * writes the figures as JSON. Nothing is asserted.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { ROOT } from '../event/child.js';
import { openBenchDatabase } from '../event/database.js';
import { seedGame, type SeededGame } from '../event/seed.js';
import { startBareHubs } from './bare.js';
import { startFleet } from './fleet.js';
import type { SocketSpec } from './loadWorker.js';
import { hubsOptions, type HubsOptions } from './options.js';
import { measurePhase } from './phase.js';
import { pushToBare, pushToVexil } from './pushes.js';
import { latency, renderReport, type HubsResults } from './report.js';
import { plannedSolves } from './solves.js';
import { seedStaff, type Staff } from './staff.js';
import { startVexilTarget } from './vexilTarget.js';

const options = hubsOptions(process.argv.slice(3));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
})();
const machine =
  `${new Date().toISOString().slice(0, 16)}Z, commit ${commit}, ${availableParallelism()} × ` +
  `${cpus()[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB, ` +
  `Node ${process.version}`;

/** The players' sockets (one in `anonymousEvery` anonymous), then the admins' and monitors'. */
function socketSpecs(
  o: HubsOptions,
  game: SeededGame,
  staff: Staff,
  bases: string[],
  withStaff: boolean,
): SocketSpec[] {
  const specs: SocketSpec[] = [];
  const base = (i: number) => bases[i % bases.length];
  for (let i = 0; i < o.sockets; i++) {
    const player = game.teams[i % game.teams.length];
    const anonymous = i % o.anonymousEvery === o.anonymousEvery - 1;
    specs.push({
      kind: 'players',
      base: base(i),
      path: '/hub/user',
      query: `game=${game.id}`,
      cookie: anonymous ? undefined : `vexil_session=${player.sessionToken}`,
    });
  }
  if (!withStaff) return specs;
  for (let i = 0; i < o.admins; i++) {
    const cookie = `vexil_session=${staff.adminToken}`;
    specs.push({ kind: 'admins', base: base(i), path: '/hub/admin', query: '', cookie });
  }
  for (let i = 0; i < o.monitors; i++) {
    const cookie = `vexil_session=${staff.monitorToken}`;
    const query = `game=${game.id}`;
    specs.push({ kind: 'monitors', base: base(i), path: '/hub/monitor', query, cookie });
  }
  return specs;
}

console.log(`Vexil hubs bench: ${machine}, load ${load()}\n`);
const bench = await openBenchDatabase(options.database);
const fleet = await startFleet(options.workers, options.loadCpus);
try {
  log(`seeding (${options.database})`);
  const db = bench.database.db;
  const game = await seedGame(db, {
    tag: 'h',
    teams: options.teams,
    challenges: 10,
    submissions: options.teams * 10,
    correctShare: 0.3,
    zipfExponent: 1,
    randomSeed: 24,
  });
  const staff = await seedStaff(db);
  const solves = await plannedSolves(db, game, options.seconds);
  const phase = { opening: options.opening, log };
  const results: HubsResults = {
    options,
    machine: `${machine}, load ${load()}`,
    vexil: undefined!,
  };

  if (options.bare) {
    const bare = await startBareHubs(options.instances, options.serverCpus, options.sockets);
    try {
      const specs = socketSpecs(options, game, staff, bare.socketBases, false);
      results.bare = await measurePhase('bare', fleet, specs, bare.probe, phase, () =>
        pushToBare(bare, game.id, options.seconds),
      );
    } finally {
      await bare.stop();
    }
  }

  log(`starting Vexil (${options.instances} instance${options.instances > 1 ? 's' : ''})`);
  const vexil = await startVexilTarget({
    instances: options.instances,
    sockets: options.sockets,
    cpus: options.serverCpus,
    storage: bench,
  });
  try {
    const specs = socketSpecs(options, game, staff, vexil.socketBases, true);
    results.vexil = await measurePhase('Vexil', fleet, specs, vexil.probe, phase, () =>
      pushToVexil(
        vexil.api,
        { id: game.id, adminToken: staff.adminToken, solves },
        options.seconds,
      ),
    );
  } finally {
    await vexil.stop();
  }
  console.log(renderReport(results));
  log(`done, load average ${load()}`);
  if (process.env.BENCH_OUTPUT) {
    await writeFile(
      process.env.BENCH_OUTPUT,
      // Latencies as their summary: a run has hundreds of thousands.
      JSON.stringify(results, (_key, value: unknown) =>
        value instanceof Float64Array ? latency(value) : value,
      ),
    );
  }
} finally {
  await fleet.shutdown();
  await bench.close();
}
