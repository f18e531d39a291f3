// Vitest's default reporter, closed by the lines CI also prints: why tests were skipped, one line
// per reason, and "N passed, N failed, N skipped". Reasons come from each test's `skipReason`
// metadata (server/test/support/skipReason.ts).
import { relative } from 'node:path';
import { DefaultReporter, type TestModule } from 'vitest/node';
import { closingLines } from './skipSummary.mjs';

type Run = Parameters<typeof closingLines>[0];

/** Counts the tests of a run by state, skipped ones with their reason. */
export function tallyRun(modules: ReadonlyArray<TestModule>, root: string): Run {
  const run: Run = { passed: 0, failed: 0, skipped: [] };
  for (const module of modules) {
    const file = relative(root, module.moduleId);
    if (module.state() === 'failed' && [...module.children.allTests()].length === 0)
      run.failed += 1;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') run.passed += 1;
      else if (state === 'failed') run.failed += 1;
      else if (state === 'skipped') run.skipped.push({ file, reason: test.meta().skipReason });
    }
  }
  return run;
}

export default class VitestSummaryReporter extends DefaultReporter {
  override onTestRunEnd(...args: Parameters<DefaultReporter['onTestRunEnd']>): void {
    super.onTestRunEnd(...args);
    const lines = closingLines(tallyRun(args[0], this.ctx.config.root));
    this.ctx.logger.log(['', ...lines].join('\n'));
  }
}
