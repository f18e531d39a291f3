// The closing lines of a test run: how many were skipped and one line per reason (with how many
// tests and files), then "N passed, M failed" — the last line, which CI reads. Shared by the reporter of `npm test`
// (scripts/vitestSummaryReporter.ts) and CI's summary of the JSON report (scripts/test-summary.mjs).

/**
 * @param {{ passed: number, failed: number, skipped: Array<{ file: string, reason?: string }> }} run
 * @returns {string[]}
 */
export function closingLines({ passed, failed, skipped }) {
  const byReason = new Map();
  for (const { file, reason } of skipped) {
    const key = reason ?? 'no reason given (skip or todo in the test file)';
    const entry = byReason.get(key) ?? { tests: 0, files: new Set() };
    entry.tests += 1;
    entry.files.add(file);
    byReason.set(key, entry);
  }
  const lines = [];
  if (byReason.size > 0) {
    lines.push(`Skipped: ${skipped.length} test${skipped.length === 1 ? '' : 's'}`);
    for (const [reason, { tests, files }] of byReason) {
      const fileCount = `${files.size} file${files.size === 1 ? '' : 's'}`;
      lines.push(`  ${tests} test${tests === 1 ? '' : 's'} in ${fileCount}: ${reason}`);
    }
  }
  lines.push(`${passed} passed, ${failed} failed`);
  return lines;
}
