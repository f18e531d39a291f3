/**
 * `npm run bench -- event`: the live-event benchmark (issue 12) on SQLite, and on PostgreSQL when
 * DATABASE_URL is set (a fresh database inside it, dropped afterwards). Prints one markdown table
 * per database; BENCH_OUTPUT=<file> also writes the raw figures as JSON. Sizes: bench/README.md.
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, totalmem } from 'node:os';
import type { DialectName } from '../../server/src/db/database.js';
import { openBenchDatabase } from './database.js';
import { eventOptionsFromEnv } from './options.js';
import { renderReport } from './report.js';
import { runEventScenario, type EventResults } from './scenario.js';

const options = eventOptionsFromEnv();
// BENCH_DATABASES=postgres (or sqlite): one of the two only.
const kinds = (process.env.BENCH_DATABASES?.split(',') ??
  (process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'])) as DialectName[];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

console.log(
  `Vexil event bench: ${new Date().toISOString()}, ${availableParallelism()} CPUs, ` +
    `${(totalmem() / 1024 ** 3).toFixed(1)} GiB, Node ${process.version}, load ${load()}\n`,
);
const all: EventResults[] = [];
for (const kind of kinds) {
  log(`${kind}: load average ${load()}`);
  const bench = await openBenchDatabase(kind);
  try {
    const results = await runEventScenario(bench, options, { mode: 'full', log });
    all.push(results);
    console.log(`${renderReport(results)}\n`);
    log(`${kind} done, load average ${load()}`);
  } finally {
    await bench.close();
  }
}
if (process.env.BENCH_OUTPUT)
  await writeFile(process.env.BENCH_OUTPUT, JSON.stringify(all, null, 2));
