// Why a suite is skipped, carried as test metadata: the run's summary (scripts/vitestSummaryReporter.ts,
// scripts/test-summary.mjs) prints each reason once with its count, instead of every test file
// printing the same warning.
import type { TestOptions } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Why the test was skipped: set by `skippedBecause`/`skipUnless`, read by the summary. */
    skipReason?: string;
  }
}

export const REASON = {
  postgres: 'PostgreSQL runs: set DATABASE_URL (eval "$(scripts/pg-throwaway.sh)")',
  redis: 'Redis suites: set REDIS_URL (redis-server --port 6379 --daemonize yes)',
} as const;

/** Options of a suite that is skipped for `reason`: `describe.skip(name, skippedBecause(r), fn)`. */
export function skippedBecause(reason: string): TestOptions {
  return { meta: { skipReason: reason } };
}

/** Options of a suite that runs only when `ready`: `describe(name, skipUnless(ok, why), fn)`. */
export function skipUnless(ready: boolean, reason: string): TestOptions {
  return ready ? {} : { skip: true, meta: { skipReason: reason } };
}
