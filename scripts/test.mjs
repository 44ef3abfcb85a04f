#!/usr/bin/env node
// `npm test`: every check of the project, in the order that makes each one meaningful, then one
// closing line with the count of passed and failed tests, each test counted once.
//
// CI (.ci/run) adds `--jobs=2` (independent steps side by side, each one's lines prefixed with its name) and names
// its steps, among them the ones run on request only: `node scripts/test.mjs --jobs=2 lint … images`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const label = process.env.TEST_RESULTS_LABEL ?? 'main';
const results = path.join(root, 'test-results', label);

/**
 * Each test once, by file and full name, over Jest's JSON reports (several runs of one test, e.g. on PostgreSQL
 * and on PGlite, count as one, failed if any failed), plus the checks of the scripts that write only a
 * summary.json ({ passed, failed }). A file that could not run counts as one failed test.
 */
function countTests(dirs) {
  const tests = new Map();
  let passed = 0;
  let failed = 0;
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const reports = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'summary.json');
    if (reports.length === 0 && existsSync(path.join(dir, 'summary.json'))) {
      const summary = JSON.parse(readFileSync(path.join(dir, 'summary.json'), 'utf8'));
      passed += summary.passed;
      failed += summary.failed;
      continue;
    }
    for (const file of reports) {
      let report;
      try {
        report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      } catch {
        continue;
      }
      for (const suite of report.testResults ?? []) {
        const name = path.relative(root, suite.name);
        if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
          tests.set(`${name} (could not run)`, 'failed');
        }
        for (const test of suite.assertionResults ?? []) {
          if (test.status !== 'passed' && test.status !== 'failed') continue;
          const key = `${name} › ${test.fullName}`;
          if (tests.get(key) !== 'failed') tests.set(key, test.status);
        }
      }
    }
  }
  for (const status of tests.values()) {
    if (status === 'passed') passed++;
    else failed++;
  }
  return { passed, failed, tests };
}

const env = {
  ...process.env,
  SCARF_ANALYTICS: 'false',
  // Pact reports usage to its makers unless told not to; tests send nothing anywhere.
  PACT_DO_NOT_TRACK: 'true',
  // PGlite loads its WebAssembly through import(), which Jest's module sandbox allows only with this.
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning']
    .filter(Boolean)
    .join(' '),
};
const { TEST_DATABASE_URL: _postgres, ...pgliteEnv } = env;
const { AMQP_URL: _rabbitmq, ...shopEnv } = pgliteEnv;

const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
// `after`: the steps a step needs finished first (with --jobs above 1; listed order is kept otherwise).
// compile writes every Node workspace's dist/ (production-default.test.ts loads one; the e2e shop runs from them).
const allSteps = [
  { name: 'lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'compile', cmd: 'npm', args: ['run', 'build:services', '--silent'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'], after: ['compile'] },
  { name: 'build', cmd: 'npm', args: ['run', 'build', '--silent'], after: ['compile'] },
  // On PGlite, or on PostgreSQL and RabbitMQ when TEST_DATABASE_URL and AMQP_URL are set (CI). With --jobs, in as
  // many shards of equal length (scripts/balanced-shards.cjs), one per lane: the longest step, split. The launcher's
  // tests serve the built storefront.
  { name: 'unit', jest: ['-c', 'jest.config.js'], after: ['compile', 'build'], shards: true },
  { name: 'pact-consumers', jest: ['-c', 'jest.pact.config.js', '--selectProjects', 'pact-consumers'] },
  {
    name: 'pact-providers',
    jest: ['-c', 'jest.pact.config.js', '--selectProjects', 'pact-providers'],
    after: ['pact-consumers', 'compile'],
  },
  // The journeys run the all-in-one shop, on PGlite whatever the environment. With --jobs they wait for the unit
  // tests: beside them, on two cores, a journey's 30 s waits were missed (a customer's login once).
  { name: 'e2e', jest: ['-c', 'e2e/jest.config.js', '--runInBand'], env: shopEnv, after: ['build', 'unit'] },
  // On request (CI, where unit ran on PostgreSQL): platform's database tests again on PGlite, the embedded engine.
  {
    name: 'pglite',
    onRequest: true,
    jest: ['-c', 'jest.config.js', '--selectProjects', 'platform'],
    env: pgliteEnv,
    after: ['compile'],
  },
  // On request (CI): the distributed mode's smoke test and the image check, which write their own summary.json.
  { name: 'smoke', onRequest: true, cmd: 'node', args: ['scripts/smoke-distributed.mjs'], after: ['build'] },
  { name: 'images', onRequest: true, cmd: 'node', args: ['images/check.mjs'], after: ['build'] },
];

const args = process.argv.slice(2);
const jobs = Math.max(1, Number(args.find((a) => a.startsWith('--jobs='))?.slice('--jobs='.length) ?? 1));
const only = args.filter((a) => !a.startsWith('--'));
const unknown = only.filter((name) => !allSteps.some((step) => step.name === name));
if (unknown.length) {
  console.error(`unknown steps: ${unknown.join(', ')}`);
  process.exit(2);
}
const steps = allSteps
  .filter((step) => (only.length === 0 ? !step.onRequest : only.includes(step.name)))
  .flatMap((step) =>
    step.shards && jobs > 1
      ? Array.from({ length: jobs }, (_, i) => ({
          ...step,
          name: `${step.name}-${i + 1}`,
          group: step.name,
          jest: [...step.jest, `--shard=${i + 1}/${jobs}`],
        }))
      : [step],
  );
// Side by side: compile, then the unit shards, one per lane (lint and format fill the wait), then the other checks;
// the journeys last, when nothing else is ready, so that the one step they run beside is the last one left.
const parallelOrder = [
  'compile',
  'lint',
  'build',
  'unit',
  'format',
  'typecheck',
  'pact-consumers',
  'pact-providers',
  'pglite',
  'smoke',
  'images',
  'e2e',
];
if (jobs > 1) {
  const rank = (step) => {
    const name = step.group ?? step.name;
    return parallelOrder.includes(name) ? parallelOrder.indexOf(name) : parallelOrder.length;
  };
  steps.sort((a, b) => rank(a) - rank(b));
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
for (const own of ['smoke', 'images']) {
  if (steps.some((step) => step.name === own))
    rmSync(path.join(root, 'test-results', own), { recursive: true, force: true });
}
if (!existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
  await run({ name: 'install', cmd: 'npm', args: ['install', '--no-audit', '--no-fund'] }, false);
}

/** Runs one step; with `prefixed`, its output goes out line by line behind its name (steps running side by side). */
function run(step, prefixed) {
  const command = step.jest
    ? [
        process.execPath,
        [jest, ...step.jest, '--json', `--outputFile=${path.join(results, `${step.name}.json`)}`],
      ]
    : [step.cmd, step.args];
  return new Promise((resolve) => {
    const child = spawn(command[0], command[1], {
      cwd: root,
      env: step.env ?? env,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`[${step.name}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.once('error', () => resolve(1));
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const finished = new Set();
const failedSteps = [];
const timings = [];
const waiting = [...steps];
const running = new Set();
// A step waits for the steps it names (a sharded step's name stands for all its shards) that are part of this run.
const ready = (step) =>
  (step.after ?? []).every((name) =>
    steps.filter((s) => s.name === name || s.group === name).every((s) => finished.has(s.name)),
  );
await new Promise((done) => {
  const next = () => {
    while (running.size < jobs) {
      // In order, the first step whose needs are met (one at a time: the listed order).
      const index = jobs === 1 ? (waiting.length ? 0 : -1) : waiting.findIndex(ready);
      if (index === -1) break;
      const [step] = waiting.splice(index, 1);
      running.add(step);
      const started = Date.now();
      process.stdout.write(`\n=== ${step.name}\n`);
      run(step, jobs > 1).then((code) => {
        let status = code;
        if (step.jest) {
          const out = path.join(results, `${step.name}.json`);
          const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
          if (!report || report.numTotalTests === 0) status = status || 1;
        }
        const seconds = Math.round((Date.now() - started) / 1000);
        timings.push({ step: step.name, seconds, ok: status === 0 });
        process.stdout.write(`=== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s\n`);
        if (status !== 0) failedSteps.push(step.name);
        finished.add(step.name);
        running.delete(step);
        next();
      });
    }
    if (running.size === 0) done();
  };
  next();
});

if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`);
const counted = countTests([
  results,
  ...['smoke', 'images']
    .filter((own) => steps.some((step) => step.name === own))
    .map((own) => path.join(root, 'test-results', own)),
]);
for (const own of ['smoke', 'images']) {
  if (
    steps.some((step) => step.name === own) &&
    !existsSync(path.join(root, 'test-results', own, 'summary.json'))
  ) {
    process.stdout.write(`no results for ${own}\n`);
    counted.failed += 1;
  }
}
writeFileSync(
  path.join(results, 'summary.json'),
  JSON.stringify({ passed: counted.passed, failed: counted.failed, timings }),
);
writeFileSync(path.join(results, 'tests.txt'), [...counted.tests.keys()].sort().join('\n') + '\n');
process.stdout.write(`\n${counted.passed} passed, ${counted.failed} failed\n`);
process.exit(failedSteps.length ? 1 : 0);
