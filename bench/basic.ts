/**
 * `npm run bench` (or `npm run bench -- basic`): starts Vexil on a fresh SQLite database (rate limits off) and measures a few
 * representative requests with autocannon on loopback. Run by hand; record results in README.md.
 * Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), DATABASE_URL for PostgreSQL.
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createServer } from '../server/src/server.js';
import { scenarios } from './scenarios.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const dataDir = await mkdtemp(join(tmpdir(), 'vexil-bench-'));
const app = await createServer(
  loadConfig({
    VEXIL_DATA: dataDir,
    VEXIL_RATE_LIMIT: 'off',
    VEXIL_LOG_LEVEL: 'silent',
    VEXIL_WEB_DIR: '/nonexistent',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    // Set it to measure the cost of the metrics (off by default, as in a deployment).
    VEXIL_METRICS_TOKEN: process.env.VEXIL_METRICS_TOKEN ?? '',
  }),
);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
const context = await scenarios.setup(app);

console.log(
  `Vexil ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${connections} connections, ${seconds} s each\n`,
);
console.log('| scenario | req/s (mean) | latency p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---|---|---|');
for (const scenario of scenarios.list(context)) {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    connections,
    duration: seconds,
    ...scenario.request,
  });
  console.log(
    `| ${scenario.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`,
  );
}
await app.close();
await rm(dataDir, { recursive: true, force: true });
