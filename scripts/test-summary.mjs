#!/usr/bin/env node
// Prints the plain closing line CI reads ("N passed, M failed, K skipped") from Vitest's JSON report.
// A test file that failed to load has no test results; it counts as one failure.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const brokenFiles = (report.testResults ?? []).filter(
  (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
).length;
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + brokenFiles;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
