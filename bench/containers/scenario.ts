/**
 * One run of the containers bench on an open engine: time the bare starts (single, then T at
 * once), seed a fresh database, start Vexil in its own process on that engine (with
 * `VEXIL_CONTAINER_STARTS` when given), let every team press Start in the same instant and follow
 * each until its service answers, then destroy them all through the API and count what is left.
 * Every resource's undo is held for every exit path as it is made (exitCleanup.ts) and given back
 * here on the normal path.
 */
import { randomBytes } from 'node:crypto';
import { listContainerIds } from '../../server/src/db/repositories/containers.js';
import { LABELS } from '../../server/src/domain/containers.js';
import { openBenchDatabase } from '../event/database.js';
import { startVexil, type ProbeSample } from '../event/vexilProcess.js';
import { BARE_LABEL, timeBareStarts, type BareStarts } from './bareStarts.js';
import { destroyAll, type Destroys } from './destroys.js';
import type { BenchEngine } from './engines.js';
import { ExitScope } from './exitCleanup.js';
import type { BenchProvider, ContainerBenchOptions } from './options.js';
import { seedContainerGame } from './seed.js';
import { startTeamContainer, type StartTarget, type TeamStart } from './teamStart.js';

export interface ContainerRun {
  provider: BenchProvider;
  engine: string;
  database: string;
  teams: number;
  /** `VEXIL_CONTAINER_STARTS` as the server got it; undefined: not set (the server's default). */
  startsSetting?: string;
  bare: BareStarts;
  teamStarts: TeamStart[];
  /** Between the first and the last POST leaving the bench, ms. */
  burstSpreadMs: number;
  /** From the first POST until the last team is ready or given up, s. */
  startsSeconds: number;
  /** Vexil's event loop, memory and CPU while the teams started. */
  server: ProbeSample;
  destroys: Destroys;
}

async function removeLabelled(engine: BenchEngine, label: string): Promise<void> {
  for (const unit of await engine.units.units([label])) {
    await engine.units.remove(unit.id).catch(() => undefined);
  }
}

export async function runContainerScenario(
  options: ContainerBenchOptions,
  engine: BenchEngine,
  starts: number | undefined,
  log: (line: string) => void,
): Promise<ContainerRun> {
  const { provider } = engine;
  const runId = randomBytes(6).toString('hex');
  const scope = new ExitScope();
  try {
    const bareLabel = `${BARE_LABEL}=${runId}`;
    scope.hold('remove the bare reference units', () => removeLabelled(engine, bareLabel));
    const floodSize = options.flood ? options.teams : 0;
    log(`${provider}: ${options.singles} bare single starts, then ${floodSize} at once`);
    const bare = await timeBareStarts(engine, options.singles, floodSize, runId);

    const bench = await openBenchDatabase(options.database);
    scope.hold('close and remove the database and its folder', () => bench.close());
    const game = await seedContainerGame(bench.database.db, options.teams);
    const owned = `${LABELS.owner}=${game.owner}`;
    scope.hold("remove Vexil's units of this run", () => removeLabelled(engine, owned));

    const env: Record<string, string> = {
      DOCKER_HOST: engine.host,
      VEXIL_CONTAINER_PROVIDER: provider,
    };
    if (starts !== undefined) env.VEXIL_CONTAINER_STARTS = String(starts);
    const startsSetting = env.VEXIL_CONTAINER_STARTS ?? process.env.VEXIL_CONTAINER_STARTS;
    log(
      `${provider}: starting Vexil (${bench.kind}, VEXIL_CONTAINER_STARTS=${startsSetting ?? 'unset'})`,
    );
    const vexil = await startVexil(
      { dataDir: bench.dataDir, databaseUrl: bench.databaseUrl },
      { env },
    );
    scope.hold('stop the Vexil process', () => vexil.stop());

    const target: StartTarget = {
      url: vexil.url,
      gameId: game.gameId,
      challengeId: game.challengeId,
      timeoutMs: options.timeoutSeconds * 1000,
      pollMs: options.pollMs,
    };
    log(`${provider}: ${options.teams} teams press Start`);
    await vexil.reset();
    const began = performance.now();
    // Every POST is under way before the first answer is read: the same instant.
    const teamStarts = await Promise.all(
      game.teams.map((team) => startTeamContainer(target, team)),
    );
    const startsSeconds = (performance.now() - began) / 1000;
    const server = await vexil.sample();
    const posted = teamStarts.map((s) => s.postedAt);
    log(`${provider}: starts done in ${startsSeconds.toFixed(1)} s; destroying through the API`);
    const recorded = () => listContainerIds(bench.database.db);
    const destroys = await destroyAll(target, engine, game.owner, recorded, game.teams, teamStarts);
    return {
      provider,
      engine: engine.description,
      database: bench.kind,
      teams: options.teams,
      startsSetting,
      bare,
      teamStarts,
      burstSpreadMs: Math.max(...posted) - Math.min(...posted),
      startsSeconds,
      server,
      destroys,
    };
  } finally {
    await scope.release(log);
  }
}
