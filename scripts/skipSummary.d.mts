/** Types of skipSummary.mjs (plain JavaScript so that CI's `node scripts/test-summary.mjs` runs it). */
export interface RunTally {
  passed: number;
  failed: number;
  skipped: Array<{ file: string; reason?: string }>;
}

export function closingLines(run: RunTally): string[];
