#!/usr/bin/env node
// Writes scripts/test-durations.json, the seconds each unit test file took, from the Jest reports of a run
// (`node scripts/test-durations.mjs [report.json…]`, by default test-results/main/unit*.json). CI's unit shards are
// dealt by these figures (scripts/balanced-shards.cjs): refresh them from a CI run when files are added or grow.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results', 'main');
const reports = process.argv.slice(2).length
  ? process.argv.slice(2)
  : existsSync(results)
    ? readdirSync(results)
        .filter((f) => /^unit.*\.json$/.test(f))
        .map((f) => path.join(results, f))
    : [];
if (reports.length === 0) {
  console.error('no Jest report to read: run the unit tests with --json first');
  process.exit(2);
}

const durations = {};
for (const report of reports) {
  // Paths relative to the checkout that ran the tests (a report lies in <checkout>/test-results/main/), so the
  // reports of a CI clone elsewhere give the same keys as this one.
  const runRoot = path.resolve(path.dirname(report), '..', '..');
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).testResults ?? []) {
    const file = path.relative(runRoot, suite.name).split(path.sep).join('/');
    const seconds = (suite.endTime - suite.startTime) / 1000;
    if (Number.isFinite(seconds)) durations[file] = Math.round(seconds * 10) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path.join(root, 'scripts', 'test-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files measured`);
