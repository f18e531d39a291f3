import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Test tiers: server route and unit tests (on SQLite, and on PostgreSQL when DATABASE_URL is set),
// the cluster test (three Vexil processes behind nginx), tunnel tests, client component tests
// beside their components, e2e journeys in Chromium.
export default defineConfig({
  test: {
    // The default reporter, closed by one line per skip reason and "N passed, N failed, N skipped".
    reporters: ['./scripts/vitestSummaryReporter.ts'],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts', 'codegen/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/test/cluster/**'],
          // Builds the challenge test image when a Docker engine answers (docker suites), and
          // starts or reuses a private single-node swarm holding it (swarm suites).
          globalSetup: ['server/test/support/dockerImage.ts', 'server/test/support/swarmEngine.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A condition polled for (a start taken by another instance, a board rebuilt) may take
          // more than expect.poll's default second on a busy 2-core machine. A bound, not a speed
          // assertion: a poll ends as soon as its condition holds.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // `npm run test:cluster`: PostgreSQL, Redis, three Vexil processes and nginx; one file at a
        // time, as each starts a whole cluster on a small machine.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['server/test/cluster/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'tunnel',
          environment: 'node',
          include: ['tunnel/**/*.test.ts'],
        },
      },
      {
        // vitest.config.ts replaces vite.config.ts, so the client's `@/` alias (`src/`) is repeated.
        resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // jsdom renders are slow on a loaded 2-core machine; a timeout is not a speed assertion.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // After the other projects, not beside them: their container and swarm suites add and
          // remove network interfaces, and Chromium fails the requests under way whenever the
          // machine's interfaces change (net::ERR_NETWORK_CHANGED: a page's chunk never loads).
          sequence: { groupOrder: 1 },
          // A page follows live updates (hubs, refetches): on a busy 2-core machine one may take
          // more than expect.poll's default second to arrive. A bound, not a speed assertion.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
