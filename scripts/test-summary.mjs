#!/usr/bin/env node
// Prints the plain closing line CI reads ("N passed, M failed") from Vitest's JSON report,
// preceded by one short line per failure, so the tail of a CI log names every failing test, and one
// line per reason tests were skipped.
// A test file that failed to load has no test results; it counts as one failure.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { closingLines } from './skipSummary.mjs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// Checks run outside Vitest (e.g. `image-test=passed`), each counted as one test.
const outside = process.argv.slice(3).map((arg) => {
  const [name, outcome] = arg.split('=');
  return { name, outcome };
});
// eslint-disable-next-line no-control-regex
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (text) =>
  plain(text)
    .split('\n')
    .find((line) => line.trim()) ?? '';
const files = report.testResults ?? [];

const failures = [];
for (const file of files) {
  const name = relative(process.cwd(), file.name ?? '');
  const results = file.assertionResults ?? [];
  if (file.status === 'failed' && results.length === 0) {
    failures.push(`${name}: could not run: ${firstLine(file.message)}`);
  }
  for (const result of results.filter((r) => r.status === 'failed')) {
    failures.push(`${name} > ${result.fullName}: ${firstLine(result.failureMessages?.[0])}`);
  }
}
for (const { name, outcome } of outside) {
  if (outcome === 'failed') failures.push(`${name}: failed (its output is above)`);
}
if (failures.length > 0) {
  console.log('Failed:');
  for (const line of failures) console.log(`  ${line.slice(0, 400)}`);
}

const brokenFiles = files.filter(
  (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
).length;
const count = (outcome) => outside.filter((check) => check.outcome === outcome).length;
const passed = (report.numPassedTests ?? 0) + count('passed');
const failed = (report.numFailedTests ?? 0) + brokenFiles + count('failed');
const skipped = files.flatMap((file) =>
  (file.assertionResults ?? [])
    .filter((r) => r.status === 'pending' || r.status === 'skipped' || r.status === 'todo')
    .map((r) => ({ file: relative(process.cwd(), file.name ?? ''), reason: r.meta?.skipReason })),
);
for (const { name, outcome } of outside) {
  if (outcome === 'skipped')
    skipped.push({ file: name, reason: `${name} did not run (no Docker engine)` });
}
for (const line of closingLines({ passed, failed, skipped })) console.log(line);
