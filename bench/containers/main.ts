/**
 * `npm run bench -- containers [options]`: T teams start their challenge container in the same
 * second through Vexil's API (issue 24), on the Docker engine at DOCKER_HOST and on the bench's own
 * private single-node swarm, beside bare single starts of the same image on the same engine; one
 * run per `--starts` value on each engine. Prints a line per team and the summary against the
 * issue's targets for each run, then one line per run side by side; `--output` also writes the raw
 * figures as JSON. Options: `--help`, options.ts. Method and figures: bench/README.md.
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import { openEngine } from './engines.js';
import { cleanUp, cleanUpOnExitPaths, ExitScope } from './exitCleanup.js';
import { containerBenchOptions, USAGE } from './options.js';
import { renderComparison, renderSummary, renderTeams } from './report.js';
import { runContainerScenario, type ContainerRun } from './scenario.js';

const args = process.argv.slice(3);
if (args.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}
const options = containerBenchOptions(args);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

cleanUpOnExitPaths(log);
console.log(
  `Vexil containers bench: ${new Date().toISOString()}, ${availableParallelism()} CPUs, ` +
    `${(totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, load ${load()}\n`,
);
const runs: ContainerRun[] = [];
try {
  for (const provider of options.providers) {
    const scope = new ExitScope();
    try {
      log(`${provider}: opening the engine, load average ${load()}`);
      const engine = await openEngine(provider);
      scope.hold('give the engine back', () => engine.close());
      log(`${provider}: ${engine.description}`);
      for (const starts of options.starts ?? [undefined]) {
        const run = await runContainerScenario(options, engine, starts, log);
        runs.push(run);
        console.log(`${renderTeams(run)}\n\n${renderSummary(run)}\n`);
        log(`${provider} run done, load average ${load()}`);
      }
    } finally {
      await scope.release(log);
    }
  }
} catch (error) {
  log(`failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp(log);
}
if (runs.length > 1) console.log(`${renderComparison(runs)}\n`);
if (options.output) await writeFile(options.output, JSON.stringify(runs, null, 2));
